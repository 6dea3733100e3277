import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, type PushPayload } from '@urs/sync-protocol';
import { notifications, pushDeliveries, pushSubscriptions } from '../db/schema.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { testEngine } from '../test/databases.js';
import { startPushService, type TestPushService } from '../test/push-service.js';
import { TestDevice } from '../sync/test-kit.js';
import { PushSender } from './push-sender.js';
import { vapidOnce } from './vapid.js';

/*
 * The sender against a push service on 127.0.0.1 that checks the VAPID signature and decrypts
 * the payload with the subscription's private key (test/push-service.ts): what a phone would
 * show, a 410 removing the subscription, a 500 retried, quiet hours held.
 */

const WIB = { offsetMinutes: 7 * 60 };
/** 10:00 and 22:00 in WIB, as epoch ms: later than the rows' real times, so they are due. */
const DAY = Date.parse('2030-01-07T10:00:00+07:00');
const NIGHT = Date.parse('2030-01-07T22:00:00+07:00');

let t: TestApp;
let service: TestPushService;
let admin: TestDevice;
let staff: { token: string; id: string };
let clock: number;

function senderOn(app: TestApp) {
  return new PushSender(app.db, {
    vapid: vapidOnce(app.db, app.env),
    clock: WIB,
    retryBaseMs: 1000,
    now: () => clock,
  });
}

async function subscribe(token: string, name: string) {
  const res = await t.request('/api/push/subscriptions', {
    method: 'POST',
    token,
    json: { ...service.subscription(name), client_id: newId() },
  });
  expect(res.status).toBe(201);
}

/** An item request of the staff member, approved by the admin: the approval tells them. */
async function approveARequest() {
  const item = newId();
  const request = newId();
  await admin.push(['item.create', { id: item, name: 'Sapu ijuk', unit: 'buah', stock: 9 }]);
  await new TestDevice(t, staff.token).push([
    'request.create',
    { id: request, type: 'stock', item_id: item, quantity: 1 },
  ]);
  await admin.push(['request.approve', { id: request }]);
  return request;
}

beforeEach(async () => {
  t = await makeTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' });
  const vapid = vapidOnce(t.db, t.env);
  service = await startPushService(async () => (await vapid()).publicKey);
  admin = new TestDevice(t, (await t.signIn('admin')).token);
  const signed = await t.signIn('custodian');
  staff = { token: signed.token, id: signed.user.id };
  clock = DAY;
});

afterEach(async () => {
  await service.close();
  await t.close();
});

describe('sending a push', () => {
  it('delivers what the phone shows, signed and encrypted, with TTL and urgency', async () => {
    await subscribe(staff.token, 'phone');
    const request = await approveARequest();
    expect(await senderOn(t).drainOnce()).toBe(1);
    expect(service.errors).toEqual([]);
    expect(service.received).toHaveLength(1);
    const [got] = service.received;
    const payload = got?.payload as PushPayload;
    expect(payload).toMatchObject({
      v: 1,
      kind: 'request_approved',
      body: expect.stringContaining('Sapu ijuk') as unknown,
      url: `/inventory?tab=requests&request=${request}`,
      tag: `item_requests:${request}`,
      unread: 1,
      urgent: false,
    });
    expect(payload.title).toMatch(/^Permintaan REQ-\d{4}-000001 disetujui$/);
    expect(got?.ttl).toBe(String(3 * 86_400));
    expect(got?.urgency).toBe('normal');
    expect(got?.topic).toMatch(/^[0-9a-f]{32}$/);
    expect(await t.db.select().from(pushDeliveries)).toEqual([]);
    // Sent once: nothing is left to claim.
    expect(await senderOn(t).drainOnce()).toBe(0);
  });

  it('a 410 removes the subscription; a 404 too', async () => {
    await subscribe(staff.token, 'old');
    await subscribe(staff.token, 'older');
    service.answerNext(410, 404);
    await approveARequest();
    expect(await senderOn(t).drainOnce()).toBe(2);
    expect(service.errors).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
    expect(await t.db.select().from(pushDeliveries)).toEqual([]);
    // The inbox still holds it.
    expect(await t.db.select().from(notifications)).toHaveLength(1);
  });

  it('a 500 is retried after a backoff, then delivered', async () => {
    await subscribe(staff.token, 'phone');
    service.answerNext(500);
    await approveARequest();
    const sender = senderOn(t);
    expect(await sender.drainOnce()).toBe(1);
    const [waiting] = await t.db.select().from(pushDeliveries);
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.claimedBy).toBeNull();
    // 1 s, with jitter: not yet due at once, due two seconds on.
    expect(waiting?.nextAttemptAt).toBeGreaterThan(clock + 700);
    expect(await sender.drainOnce()).toBe(0);
    clock += 2000;
    expect(await sender.drainOnce()).toBe(1);
    expect(service.received).toHaveLength(2);
    expect(await t.db.select().from(pushDeliveries)).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions)).toHaveLength(1);
  });

  it('quiet hours: only an urgent job pushes; the inbox gets both', async () => {
    await subscribe(staff.token, 'phone');
    clock = NIGHT;
    const area = await t.request('/api/areas', {
      method: 'POST',
      token: admin.token,
      json: { name: 'Aula' },
    });
    const areaId = ((await area.json()) as { data: { id: string } }).data.id;
    for (const priority of ['normal', 'urgent'] as const) {
      const job = newId();
      await admin.push(
        ['report.create', { id: job, area_id: areaId, work_type: 'repair', description: priority }],
        ['report.set_job', { id: job, event_id: newId(), assignee_id: staff.id, priority }],
      );
    }
    expect(await senderOn(t).drainOnce()).toBe(2);
    expect(service.received.map((r) => (r.payload as PushPayload).title)).toEqual([
      'Pekerjaan mendesak untuk Anda',
    ]);
    expect(service.received[0]?.urgency).toBe('high');
    expect(await t.db.select().from(notifications)).toHaveLength(2);
    expect(await t.db.select().from(pushDeliveries)).toEqual([]);
  });
});

describe.skipIf(testEngine !== 'postgres')('two API processes on PostgreSQL', () => {
  it('one event: one inbox row and one push per subscription', async () => {
    await subscribe(staff.token, 'phone');
    await subscribe(staff.token, 'tablet');
    const twin = t.twin();
    try {
      const senders = [senderOn(t), senderOn(twin)];
      await approveARequest();
      // Both drain at once, again and again: SKIP LOCKED gives each row to one of them.
      for (let round = 0; round < 5; round++) {
        await Promise.all(senders.map((s) => s.drainOnce()));
      }
      expect(service.errors).toEqual([]);
      expect(service.received.map((r) => r.subscription).sort()).toEqual(['phone', 'tablet']);
      expect(await t.db.select().from(notifications)).toHaveLength(1);
      expect(await t.db.select().from(pushDeliveries)).toEqual([]);
    } finally {
      await twin.close();
    }
  });

  it("another process's event wakes this one's sender at once (LISTEN), not at its poll", async () => {
    await subscribe(staff.token, 'phone');
    const twin = t.twin();
    // Process B sends; process A (t) has no sender at all. B polls only once a minute.
    const sender = new PushSender(twin.db, {
      vapid: vapidOnce(twin.db, twin.env),
      clock: WIB,
      now: () => clock,
      pollMs: 60_000,
      listenRetryMs: 100,
    });
    const sentWithin = async (ms: number) => {
      const before = service.received.length;
      await approveARequest();
      const approved = performance.now();
      while (service.received.length === before && performance.now() - approved < ms) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return {
        sent: service.received.length > before,
        after: performance.now() - approved,
      };
    };
    try {
      sender.start();
      await sender.listening();
      // Its start's own drain has nothing to send; what follows is woken by A's NOTIFY only.
      const first = await sentWithin(1500);
      expect(first.sent).toBe(true);
      expect(first.after).toBeLessThan(1000);
      // The listening connection cut (a restarted server, a network blip): it listens again.
      const [{ n }] = (await t.db.rows<{ n: number | string }>(
        `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
         WHERE datname = current_database() AND query = 'LISTEN urs_push'`,
        [],
      )) as [{ n: number | string }];
      expect(Number(n)).toBe(1);
      let again = false;
      for (let i = 0; i < 100 && !again; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const rows = await t.db.rows<{ n: number | string }>(
          `SELECT count(*) AS n FROM pg_stat_activity
           WHERE datname = current_database() AND query = 'LISTEN urs_push' AND state = 'idle'`,
          [],
        );
        again = Number(rows[0]?.n) === 1;
      }
      expect(again).toBe(true);
      const second = await sentWithin(1500);
      expect(second.sent).toBe(true);
      expect(second.after).toBeLessThan(1000);
      expect(service.errors).toEqual([]);
      // Sent is settled once the push service answered: the drain deletes the row after that.
      await sender.stop();
      expect(await t.db.select().from(pushDeliveries)).toEqual([]);
    } finally {
      await sender.stop();
      await twin.close();
    }
  });
});
