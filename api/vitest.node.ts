import { defaultServerConditions } from 'vite';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests: no build needed first.
// Without vite's `module` condition: the AWS SDK's `module` builds (reached through the API's
// photo store) are bundler-only ES files (extensionless imports) that Node cannot load once
// vitest hands them over as externals.
const conditions = [
  '@urs/source',
  ...defaultServerConditions.filter((condition) => condition !== 'module'),
];

/**
 * The test setup of the Node workspaces that load the API (api, scripts); `test` adds to it.
 * Two files at a time even on 2 cores, where vitest's default is one: a CI run of 2026-11-26
 * used about half of such a machine, and the API's two engines (SQLite, then PostgreSQL, whose
 * server does much of the work in its own processes) and the two convergence tests (about 6 and
 * 2 minutes there) were each run one file after another. Every file gets its own temporary
 * directory, database (`urs_test_<pid>_<random>` on PostgreSQL) and ports.
 */
export function nodeTestConfig(test: ViteUserConfig['test'] = {}) {
  return defineConfig({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@urs/source'] } },
    test: { include: ['src/**/*.test.ts'], pool: 'forks', maxWorkers: 2, ...test },
  });
}
