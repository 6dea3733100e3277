import { nodeTestConfig } from './vitest.node.js';

export default nodeTestConfig({
  // On PostgreSQL each test app gets a database of its own: creating it is a few round trips
  // and a migration, which on a loaded 2-core CI machine passed vitest's default 5 s.
  ...(process.env['URS_TEST_ENGINE'] === 'postgres' && {
    testTimeout: 30_000,
    hookTimeout: 30_000,
  }),
  // The AWS SDK's notice that its 2027 releases need Node 22 (decision 008), once per worker.
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
});
