import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { serve } from '@hono/node-server';
import { connectDatabase, createApp, databaseTarget, loadEnv } from '@urs/api';
import { startApi, stopApis, SERVER_ENTRY } from '../bench/api-process.js';

/** An API serving the run's database on a local port. */
export interface RunningApi {
  port: number;
  /** Its process, for its memory: this one when it runs in process. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * A process of its own per API, as a deployment runs them, when the built entry exists (`npm
 * run loadtest` builds it). Run from the sources (the test in `npm test`, where only the
 * packages it depends on are built), the same app is served from this process instead, on a
 * port and a pool of its own: what the test asserts (nothing lost or doubled) does not depend
 * on which.
 */
export async function startApis(url: string, count: number): Promise<RunningApi[]> {
  const apis: RunningApi[] = [];
  for (let i = 0; i < count; i++) {
    if (fs.existsSync(SERVER_ENTRY)) {
      const api = await startApi(url);
      apis.push({ port: api.port, pid: api.child.pid, stop: () => stopApis([api]) });
    } else {
      apis.push(await inProcess(url));
    }
  }
  return apis;
}

async function inProcess(url: string): Promise<RunningApi> {
  const db = await connectDatabase(databaseTarget(url, os.tmpdir()));
  const app = createApp({
    db,
    env: loadEnv({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), SCRYPT_LOG_N: '10' }),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
      resolve(s);
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    pid: process.pid,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
