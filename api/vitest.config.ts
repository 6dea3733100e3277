import { nodeTestConfig } from './vitest.node.js';

export default nodeTestConfig(import.meta.dirname, {
  // The AWS SDK's notice that its 2027 releases need Node 22 (decision 008), once per worker.
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
});
