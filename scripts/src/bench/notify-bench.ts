import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { FIRST_SCHOOL_ID, loadEnv, sqliteWriter, startPushSender, tables } from '@urs/api';
import { newId, PROTOCOL_VERSION, type PushResponse } from '@urs/sync-protocol';
import { median, quantile, type BenchRow } from '../lib/measure.js';
import { benchServer } from './bench-server.js';

/** What issue 42 asks: approval to push request within this many times the approval's p95. */
export const NOTIFY_TARGET = 2;
const SUBSCRIPTIONS = 1000;
const WARM_UP = 5;

/**
 * Issue 42's benchmark: from an admin's approval of an item request (`POST /api/sync/push` over
 * TCP to the API served by @hono/node-server) to the push request leaving the server for the
 * requester's phone, with 1,000 subscriptions in the table (the requester's one, 999 of other
 * users), against the approval's own HTTP request in the same run. The push service is a sink
 * on 127.0.0.1 that notes when a request's headers arrive and answers 201 (the tests' push
 * service checks VAPID and decrypts; here only the time counts). The sender is the API's own
 * (`startPushSender`), running in this process as in the API's.
 */
export async function notifyBench(rounds: number): Promise<BenchRow[]> {
  const arrivals: number[] = [];
  let arrived: (() => void) | undefined;
  const sink = http.createServer((req, res) => {
    arrivals.push(performance.now());
    arrived?.();
    req.resume();
    req.on('end', () => {
      res.writeHead(201);
      res.end();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const sinkPort = (sink.address() as AddressInfo).port;
  const settings = { PUSH_SERVICE_HOSTS: '127.0.0.1' };
  const server = await benchServer('notify', undefined, settings);
  const api = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => api.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-notify-bench-env-'));
  const sender = startPushSender(
    server.db,
    loadEnv({ NODE_ENV: 'test', DATA_DIR: envDir, ...settings }),
  );
  try {
    const requester = await server.register('peminta@urs.test');
    const admin = await server.register('admin@urs.test');
    sqliteWriter(server.db)
      .prepare(`UPDATE users SET role = 'admin' WHERE id = ?`)
      .run(admin.userId);
    // The requester's phone, subscribed through the API (its session makes it sendable).
    const key = crypto.createECDH('prime256v1');
    key.generateKeys();
    const subscription = {
      endpoint: `http://127.0.0.1:${sinkPort}/push/requester`,
      keys: {
        p256dh: key.getPublicKey().toString('base64url'),
        auth: crypto.randomBytes(16).toString('base64url'),
      },
      client_id: newId(),
    };
    const subscribed = await fetch(`${base}/api/push/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${requester.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(subscription),
    });
    if (subscribed.status !== 201) throw new Error(`notify bench: subscribe ${subscribed.status}`);
    // 999 more of 100 other people, straight into the table.
    const others: string[] = [];
    for (let i = 0; i < 100; i++) others.push((await server.register(`staf${i}@urs.test`)).userId);
    const sessionOf = new Map(
      (
        sqliteWriter(server.db).prepare('SELECT id, user_id FROM sessions').all() as {
          id: string;
          user_id: string;
        }[]
      ).map((row) => [row.user_id, row.id]),
    );
    const now = new Date().toISOString();
    await server.db.write(async (tx) => {
      for (let i = 0; i < SUBSCRIPTIONS - 1; i += 333) {
        await tx.insert(tables.pushSubscriptions).values(
          Array.from({ length: Math.min(333, SUBSCRIPTIONS - 1 - i) }, (_, j) => ({
            id: newId(),
            schoolId: FIRST_SCHOOL_ID,
            userId: others[(i + j) % others.length] ?? '',
            sessionId: sessionOf.get(others[(i + j) % others.length] ?? '') ?? '',
            clientId: newId(),
            endpoint: `http://127.0.0.1:${sinkPort}/push/other-${i + j}`,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
    });

    const devices = new Map<string, { client: string; seq: number }>();
    const push = async (token: string, name: string, args: Record<string, unknown>) => {
      const device = devices.get(token) ?? { client: newId(), seq: 0 };
      devices.set(token, device);
      device.seq += 1;
      const res = await fetch(`${base}/api/sync/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          protocol_version: PROTOCOL_VERSION,
          client_id: device.client,
          mutations: [{ id: newId(), seq: device.seq, name, args, at: new Date().toISOString() }],
        }),
      });
      const body = (await res.json()) as PushResponse;
      if (body.results.some((r) => r.status !== 'applied')) {
        throw new Error(`notify bench: ${name} not applied: ${JSON.stringify(body)}`);
      }
    };
    const item = newId();
    await push(admin.token, 'item.create', {
      id: item,
      name: 'Sapu ijuk',
      unit: 'buah',
      stock: 1_000_000,
    });

    const approvals: number[] = [];
    const toPush: number[] = [];
    for (let r = 0; r < WARM_UP + rounds * 8; r++) {
      const request = newId();
      await push(requester.token, 'request.create', {
        id: request,
        type: 'stock',
        item_id: item,
        quantity: 1,
      });
      const seen = arrivals.length;
      const sent = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('notify bench: no push in 10 s')), 10_000);
        arrived = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      const started = performance.now();
      await push(admin.token, 'request.approve', { id: request });
      const answered = performance.now();
      await sent;
      arrived = undefined;
      const at = arrivals[seen] ?? NaN;
      if (r < WARM_UP) continue;
      approvals.push(answered - started);
      toPush.push(at - started);
    }
    const p95 = (xs: number[]) => quantile(xs, 0.95);
    return [
      {
        name: `approval -> push request, median (${SUBSCRIPTIONS} subscriptions)`,
        baseline: "the approval's HTTP request, median",
        ms: median(toPush),
        baselineMs: median(approvals),
      },
      {
        name: `approval -> push request, p95 (${SUBSCRIPTIONS} subscriptions)`,
        baseline: "the approval's HTTP request, p95",
        ms: p95(toPush),
        baselineMs: p95(approvals),
        target: NOTIFY_TARGET,
      },
    ];
  } finally {
    await sender?.stop();
    api.close();
    sink.close();
    await server.close();
    fs.rmSync(envDir, { recursive: true, force: true });
  }
}
