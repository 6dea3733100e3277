import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { createApp } from '../app.js';
import type { Db } from '../db/handles.js';
import { openPostgres } from '../db/postgres.js';
import { testEngine } from '../test/databases.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { TestDevice } from '../sync/test-kit.js';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors.js';

/**
 * A TCP relay in front of PostgreSQL that the test can take down and bring back: down, it
 * cuts every connection it carries and refuses new ones, as a restarting server does.
 */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const up = async () => {
    server = net.createServer((inbound) => {
      const outbound = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [inbound, outbound]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    port = (server?.address() as net.AddressInfo).port;
  };
  const down = async () => {
    const closing = new Promise<void>((resolve) => server?.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closing;
  };
  await up();
  const url = new URL(target.href);
  url.port = String(port);
  return { url: url.href, up, down };
}

describe.skipIf(testEngine !== 'postgres')('PostgreSQL out of reach while the API runs', () => {
  let t: TestApp;
  let relayed: Db;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  beforeEach(async () => {
    t = await makeTestApp();
    relay = await relayTo(new URL(t.db.location));
    relayed = openPostgres(relay.url, 2);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await relayed.close();
    await relay.down();
    await t.close();
  });

  it('answers a push 503 with Retry-After, and takes the same push once it is back', async () => {
    const admin = await t.signIn('admin');
    const area = await t.request('/api/areas', {
      method: 'POST',
      token: admin.token,
      json: { name: 'Aula' },
    });
    const areaId = ((await area.json()) as { data: { id: string } }).data.id;
    const { token } = await t.signIn('custodian');
    // A second process, reaching the same database through the relay.
    const process2: TestApp = {
      ...t,
      request: (p, init = {}) => {
        const { token: bearer, json, ...rest } = init;
        const headers = new Headers(rest.headers);
        if (bearer !== undefined) headers.set('authorization', `Bearer ${bearer}`);
        if (json !== undefined) headers.set('content-type', 'application/json');
        const body = json === undefined ? (rest.body ?? null) : JSON.stringify(json);
        return Promise.resolve(app.request(p, { ...rest, headers, body }));
      },
    };
    const app = createApp({ db: relayed, env: t.env });
    const device = new TestDevice(process2, token);
    const id = newId();
    const batch = [
      device.envelope('report.create', {
        id,
        area_id: areaId,
        work_type: 'cleaning',
        description: 'Lantai aula basah',
      }),
    ];
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await relay.down();
    for (const route of ['/api/sync/push', '/api/announcements/unread-count']) {
      const res =
        route === '/api/sync/push'
          ? await device.pushRaw(batch)
          : await process2.request(route, { token });
      expect(res.status, route).toBe(503);
      expect(res.headers.get('retry-after'), route).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(await res.json(), route).toMatchObject({
        code: 'database_unavailable',
        message: 'Basis data server sedang tidak dapat dijangkau. Silakan coba lagi sebentar lagi.',
      });
    }
    // One line per failure, the driver's words, no SQL or stack.
    for (const call of log.mock.calls) {
      expect(call).toHaveLength(1);
      expect(String(call[0])).toMatch(/failed: database unavailable: .*ECONNREFUSED/);
    }

    await relay.up();
    const res = await device.pushRaw(batch);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ results: [{ id: batch[0]?.id, status: 'applied' }] });
  });

  it('answers 503 when the connections it held are cut mid-way, as at a restart', async () => {
    const { token } = await t.signIn('custodian');
    const app = createApp({ db: relayed, env: t.env });
    const ask = () =>
      app.request('/api/announcements/unread-count', {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await ask()).status).toBe(200);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await relay.down();
    const res = await ask();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    await relay.up();
    expect((await ask()).status).toBe(200);
  });
});
