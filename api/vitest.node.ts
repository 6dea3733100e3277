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

/** The test setup of the Node workspaces that load the API (api, scripts); `test` adds to it. */
export function nodeTestConfig(test: ViteUserConfig['test'] = {}) {
  return defineConfig({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@urs/source'] } },
    test: {
      include: ['src/**/*.test.ts'],
      pool: 'forks',
      // CI runs the API, scripts and web suites side by side on 2 cores: a test that takes
      // 1 s alone took over vitest's default 5 s there (xlsx-stream's 60,000 rows).
      testTimeout: 30_000,
      hookTimeout: 30_000,
      ...test,
    },
  });
}
