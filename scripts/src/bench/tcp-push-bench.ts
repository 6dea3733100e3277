import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PushResponse } from '@urs/sync-protocol';
import { median, type BenchRow } from '../lib/measure.js';
import { pushBodies } from './sync-bench.js';
import type { ParentMessage, ServerMessage } from './tcp-push-server.js';

const ENTRY = fileURLToPath(new URL('./tcp-push-server.js', import.meta.url));

/** Rounds run first and dropped, as in the in-process case (sync-bench.ts). */
const WARM_UP_ROUNDS = 2;

/**
 * The push as production takes it: the server in a process of its own behind
 * @hono/node-server, the device's requests over a real TCP connection (from this process).
 * What is compared is CPU time of the server process (`process.cpuUsage`, which also counts
 * V8's own helper threads): for the five requests of a push of 1,000 reports, and for the raw
 * insert of 1,000 reports in the same process. The in-process case times both ends of each
 * request in one process; this one leaves the device's side out and counts what the server
 * alone pays, Node's HTTP parsing and sockets included.
 */
export async function tcpPushBench(rounds: number): Promise<BenchRow[]> {
  const child = fork(ENTRY, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting: ((message: ServerMessage) => void)[] = [];
  child.on('message', (message: ServerMessage) => waiting.shift()?.(message));
  const next = <K extends ServerMessage['kind']>(kind: K, ask?: ParentMessage) =>
    new Promise<Extract<ServerMessage, { kind: K }>>((resolve, reject) => {
      waiting.push((message) => {
        if (message.kind === kind) resolve(message as Extract<ServerMessage, { kind: K }>);
        else reject(new Error(`TCP push server answered ${message.kind}, not ${kind}`));
      });
      if (ask !== undefined) child.send(ask);
    });
  const cpu = async () => (await next('cpu', { kind: 'cpu' })).ms;

  const { port } = await next('listening');
  const raw: number[] = [];
  const push: number[] = [];
  try {
    for (let r = 0; r < WARM_UP_ROUNDS + rounds * 3; r++) {
      const { token, areaId, rawCpuMs } = await next('round', { kind: 'round' });
      const bodies = pushBodies({ areaId }, 1000, 200);
      const before = await cpu();
      for (const body of bodies) {
        const res = await fetch(`http://127.0.0.1:${port}/api/sync/push`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        });
        const answer = (await res.json()) as PushResponse;
        if (answer.results.some((result) => result.status !== 'applied')) {
          throw new Error('bench push over TCP was not applied');
        }
      }
      const after = await cpu();
      if (r < WARM_UP_ROUNDS) continue;
      raw.push(rawCpuMs);
      push.push(after - before);
    }
  } finally {
    child.send({ kind: 'exit' } satisfies ParentMessage);
  }
  return [
    {
      name: 'push 1,000 report.create over TCP to @hono/node-server (batches of 200), server CPU',
      baseline: 'raw better-sqlite3 insert, 1 tx, CPU of the same process',
      ms: median(push),
      baselineMs: median(raw),
    },
  ];
}
