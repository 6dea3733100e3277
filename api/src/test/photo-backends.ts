import { randomUUID } from 'node:crypto';
import { startS3Server } from './s3-server.js';

export interface PhotoBackend {
  name: string;
  /** Starts what the backend needs for a suite; `env()` gives each app its own empty store. */
  start(): Promise<{ env(): Record<string, string>; stop(): Promise<void> }>;
}

/**
 * The photo stores a suite runs against, for `describe.each`: the default disk under the test
 * app's DATA_DIR, and an S3 bucket on a real s3rver process (a fresh key prefix per app).
 */
export const PHOTO_BACKENDS: PhotoBackend[] = [
  {
    name: 'disk',
    start: () => Promise.resolve({ env: () => ({}), stop: () => Promise.resolve() }),
  },
  {
    name: 's3 (s3rver)',
    async start() {
      const server = await startS3Server();
      return { env: () => server.env(`test-${randomUUID()}`), stop: () => server.stop() };
    },
  },
];
