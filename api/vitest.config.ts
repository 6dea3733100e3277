import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests: no build needed first.
// Without vite's `module` condition: the AWS SDK's `module` builds are bundler-only ES files
// (extensionless imports) that Node cannot load once vitest hands them over as externals.
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
    // The AWS SDK's notice that its 2027 releases need Node 22 (decision 008), once per worker.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
