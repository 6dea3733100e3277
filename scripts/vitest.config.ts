import { nodeTestConfig } from '../api/vitest.node.js';

export default nodeTestConfig(import.meta.dirname);
