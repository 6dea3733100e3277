import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { serve } from '@hono/node-server';
import { connectDatabase, createApp, databaseTarget, loadEnv } from '@urs/api';

/*
 * One API process of the load test (servers.ts forks it): the real app behind
 * @hono/node-server on 127.0.0.1, serving LOADTEST_DATABASE_URL with the environment in
 * LOADTEST_API_ENV (the photo store's). LOADTEST_API_PORT fixes the port, so that a process
 * killed by the fault injector comes back where the proxy sends its share.
 */
const url = process.env['LOADTEST_DATABASE_URL'] ?? '';
const extra = JSON.parse(process.env['LOADTEST_API_ENV'] ?? '{}') as Record<string, string>;
const app = createApp({
  db: await connectDatabase(databaseTarget(url, os.tmpdir())),
  env: loadEnv({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), SCRYPT_LOG_N: '10', ...extra }),
});
const server = serve(
  { fetch: app.fetch, port: Number(process.env['LOADTEST_API_PORT'] ?? 0), hostname: '127.0.0.1' },
  () => {
    process.send?.({ kind: 'listening', port: (server.address() as AddressInfo).port });
  },
);
// The parent asks, or is gone: either way this process ends.
process.on('message', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
