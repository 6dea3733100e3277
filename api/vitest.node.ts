import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** A test that replaces modules, spies on them or changes the environment. */
const CHANGES_SHARED_STATE = /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal)\b|process\.env\b/;

/** The workspace's test files that must load every module afresh (see nodeTestConfig). */
function isolatedTests(root: string): string[] {
  return readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `src/${file.replaceAll('\\', '/')}`)
    .filter((file) => CHANGES_SHARED_STATE.test(readFileSync(join(root, file), 'utf8')));
}

/**
 * The test setup of the Node workspaces that load the API (api, scripts); `test` adds to it.
 *
 * Most test files share one module graph per worker (`isolate: false`): loading the API's
 * modules again for every file was most of the suite's CPU (`import` 200 s of 514 s in CI).
 * Files that mock or spy on modules or change `process.env` keep a graph of their own, so
 * what they replace cannot reach another file.
 */
export function nodeTestConfig(root: string, test: ViteUserConfig['test'] = {}) {
  const isolated = isolatedTests(root);
  return defineConfig({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@urs/source'] } },
    test: {
      pool: 'forks',
      // CI runs the API, scripts and web suites side by side on 2 cores: a test that takes
      // 1 s alone took over vitest's default 5 s there (xlsx-stream's 60,000 rows).
      testTimeout: 30_000,
      hookTimeout: 30_000,
      ...test,
      projects: [
        {
          extends: true,
          test: {
            name: 'shared',
            include: ['src/**/*.test.ts'],
            exclude: isolated,
            isolate: false,
          },
        },
        { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
      ],
    },
  });
}
