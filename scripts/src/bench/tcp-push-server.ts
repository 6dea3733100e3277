import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { serve } from '@hono/node-server';
import { connectDatabase, createApp, databaseTarget, loadEnv, type App } from '@urs/api';
import { fixture, rawInsert, reportArgs, type Fixture } from './sync-bench.js';

/**
 * The server side of the TCP push case (tcp-push-bench.ts), in a process of its own as in
 * production: the real app behind @hono/node-server on a local port. Each round it measures a
 * raw insert on a fresh database, then serves the round's push from another fresh database;
 * the parent asks for this process's CPU time around the push.
 *
 * With BENCH_SERVE_DATABASE_URL set, it serves that (PostgreSQL) database instead, the same for
 * every request, and has no rounds: one of the API processes of the schools case
 * (schools-bench.ts), several of which serve one database as a district's deployment does.
 */
export type ServerMessage =
  | { kind: 'listening'; port: number }
  | { kind: 'round'; token: string; areaId: string; rawCpuMs: number }
  | { kind: 'cpu'; ms: number };

export type ParentMessage = { kind: 'round' } | { kind: 'cpu' } | { kind: 'exit' };

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const send = (message: ServerMessage): void => {
  process.send?.(message);
};

let current: Fixture | undefined;
let previous: Fixture[] = [];

const servedUrl = process.env['BENCH_SERVE_DATABASE_URL'];
const served: App | undefined =
  servedUrl === undefined
    ? undefined
    : createApp({
        db: await connectDatabase(databaseTarget(servedUrl, os.tmpdir())),
        env: loadEnv({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), SCRYPT_LOG_N: '10' }),
      });

const server = serve(
  {
    fetch: (req, env) => (served ?? (current ?? fail()).app).fetch(req, env),
    port: 0,
    hostname: '127.0.0.1',
  },
  () => {
    send({ kind: 'listening', port: (server.address() as AddressInfo).port });
  },
);

function fail(): never {
  throw new Error('no round started');
}

async function round(): Promise<void> {
  for (const f of previous) await f.server.close();
  const raw = await fixture();
  const rows = Array.from({ length: 1000 }, (_, i) => reportArgs(raw.areaId, i));
  const before = cpuMs();
  rawInsert(raw, rows);
  const rawCpuMs = cpuMs() - before;
  current = await fixture();
  previous = [raw, current];
  send({ kind: 'round', token: current.token, areaId: current.areaId, rawCpuMs });
}

process.on('message', (message: ParentMessage) => {
  if (message.kind === 'cpu') send({ kind: 'cpu', ms: cpuMs() });
  if (message.kind === 'round') void round();
  if (message.kind === 'exit') {
    server.close();
    void Promise.all(previous.map((f) => f.server.close())).then(() => process.exit(0));
  }
});
