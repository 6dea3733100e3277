import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests: no build needed first.
// Without vite's `module` condition: the AWS SDK's `module` builds (reached through the API's
// photo store) are bundler-only ES files that Node cannot load as externals.
const conditions = [
  '@urs/source',
  ...defaultServerConditions.filter((condition) => condition !== 'module'),
];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@urs/source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
  },
});
