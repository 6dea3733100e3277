import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, type PushPayload, type RoundTemplate } from '@urs/sync-protocol';
import { notifications, roundNotices } from '../db/schema.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { testEngine } from '../test/databases.js';
import { TestDevice } from '../sync/test-kit.js';
import { RoundNotifier } from './round-notices.js';
import { PushSender } from './push-sender.js';
import { vapidOnce } from './vapid.js';
import { startPushService } from '../test/push-service.js';

/*
 * Round due soon / missed (services/round-notices.ts): who is told, when, and exactly once, by
 * one check run again or by two processes at the same time. Both engines (URS_TEST_ENGINE).
 */

const WIB = 7 * 60;
const at = (local: string) => Date.parse(`${local}+07:00`);

let t: TestApp;
let admin: string;
let custodian: string;
let custodianToken: string;
let gardeners: string[];
let areaId: string;

async function template(over: Record<string, unknown>): Promise<string> {
  const res = await t.request('/api/rounds/templates', {
    method: 'POST',
    token: admin,
    json: {
      title: 'Bersihkan toilet gedung B',
      area_ids: [areaId],
      items: [{ id: 'floor', label: 'Lantai kering', kind: 'pass_fail_na' }],
      schedule: { kind: 'daily' },
      start_date: '2026-12-01',
      ...over,
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: RoundTemplate }).data.id;
}

const notifierAt = (app: TestApp, local: string) =>
  new RoundNotifier(app.db, { offsetMinutes: WIB, now: () => at(local) });

async function inbox() {
  const rows = await t.db.select().from(notifications);
  return rows
    .map((n) => ({ user: n.userId, kind: n.kind, subject: n.subjectId, actor: n.actorId }))
    .sort((a, b) =>
      `${a.kind}${a.subject}${a.user}`.localeCompare(`${b.kind}${b.subject}${b.user}`),
    );
}

let toilets: string;
let garden: string;

beforeEach(async () => {
  t = await makeTestApp(
    { PUSH_SERVICE_HOSTS: '127.0.0.1' },
    { now: () => new Date(at('2026-12-03T06:00:00')) },
  );
  admin = (await t.signIn('admin')).token;
  const signed = await t.signIn('custodian');
  custodian = signed.user.id;
  custodianToken = signed.token;
  gardeners = [
    (await t.signIn('gardener', 'g1@example.com')).user.id,
    (await t.signIn('gardener', 'g2@example.com')).user.id,
  ];
  const res = await t.request('/api/areas', { method: 'POST', token: admin, json: { name: 'B' } });
  areaId = ((await res.json()) as { data: { id: string } }).data.id;
  toilets = await template({ assignee_user_id: custodian, due_time: '08:00' });
  garden = await template({ title: 'Siram taman', assignee_role: 'gardener', due_time: '10:00' });
});

afterEach(async () => {
  await t.close();
});

describe('round notices', () => {
  it('tells the assignee an hour ahead, and the role of a missed day, once', async () => {
    // 07:10: the toilets are due at 08:00 (50 min); the garden at 10:00 is not yet due soon.
    // Yesterday's two were missed at midnight (7 h ago); the day before's, 31 h ago, are old.
    expect(await notifierAt(t, '2026-12-03T07:10:00').runOnce()).toBe(4);
    expect(await inbox()).toEqual([
      { user: custodian, kind: 'round_due', subject: `${toilets}:2026-12-03`, actor: null },
      { user: custodian, kind: 'round_missed', subject: `${toilets}:2026-12-02`, actor: null },
      ...gardeners
        .map((g) => ({ user: g, kind: 'round_missed', subject: `${garden}:2026-12-02` }))
        .map((n) => ({ ...n, actor: null }))
        .sort((a, b) => a.user.localeCompare(b.user)),
    ]);
    const [due] = await t.db.select().from(notifications);
    expect(due?.params).toEqual({ round: 'Bersihkan toilet gedung B', due: '08:00' });
    // Again, by this process a minute on and by another one started afresh: nothing new.
    expect(await notifierAt(t, '2026-12-03T07:11:00').runOnce()).toBe(0);
    const other = t.twin();
    try {
      expect(await notifierAt(other, '2026-12-03T07:12:00').runOnce()).toBe(0);
    } finally {
      await other.close();
    }
    // 09:05: the garden is due at 10:00, for each gardener; the toilets are not told again.
    expect(await notifierAt(t, '2026-12-03T09:05:00').runOnce()).toBe(2);
    const dueNow = (await inbox()).filter((n) => n.kind === 'round_due');
    expect(dueNow.map((n) => `${n.subject} ${n.user}`).sort()).toEqual(
      [
        ...gardeners.map((g) => `${garden}:2026-12-03 ${g}`),
        `${toilets}:2026-12-03 ${custodian}`,
      ].sort(),
    );
    expect(await t.db.select().from(roundNotices)).toHaveLength(6);
  });

  it('tells of a round every 90 days missed, its window closing 90 days after its day', async () => {
    const filters = await template({
      title: 'Ganti filter AC',
      assignee_user_id: custodian,
      schedule: { kind: 'every_n_days', n: 90 },
      start_date: '2026-09-01',
    });
    // 2026-09-01's window closed at 2026-11-30's start, 7 h before: told, though 90 days back.
    expect(await notifierAt(t, '2026-11-30T07:00:00').runOnce()).toBe(1);
    expect(await inbox()).toEqual([
      { user: custodian, kind: 'round_missed', subject: `${filters}:2026-09-01`, actor: null },
    ]);
  });

  it('says nothing of a round done, nor of a paused one', async () => {
    // The custodian did today's toilets at 06:00; the admin paused the garden today.
    const done = await new TestDevice(t, custodianToken).push([
      'round.complete',
      {
        id: newId(),
        template_id: toilets,
        template_version: 1,
        occurrence_date: '2026-12-03',
        completed_at: new Date(at('2026-12-03T06:00:00')).toISOString(),
        answers: [{ item_id: 'floor', value: 'pass', photos: [] }],
      },
    ]);
    expect(done.results.map((r) => r.status)).toEqual(['applied']);
    const res = await t.request(`/api/rounds/templates/${garden}/pause`, {
      method: 'POST',
      token: admin,
    });
    expect(res.status).toBe(200);
    // 09:05: the garden would be due at 10:00 but is paused; the toilets are done. Yesterday,
    // before the pause, both were missed.
    expect(await notifierAt(t, '2026-12-03T09:05:00').runOnce()).toBe(3);
    expect((await inbox()).map((n) => `${n.kind} ${n.subject}`).sort()).toEqual(
      [
        `round_missed ${garden}:2026-12-02`,
        `round_missed ${garden}:2026-12-02`,
        `round_missed ${toilets}:2026-12-02`,
      ].sort(),
    );
  });

  it("pushes to the assignee's phone in their words, opening the rounds", async () => {
    const vapid = vapidOnce(t.db, t.env);
    const service = await startPushService(async () => (await vapid()).publicKey);
    try {
      const res = await t.request('/api/push/subscriptions', {
        method: 'POST',
        token: custodianToken,
        json: { ...service.subscription('phone'), client_id: newId() },
      });
      expect(res.status).toBe(201);
      // 07:10, outside quiet hours: the due toilets and yesterday's missed ones.
      const clock = at('2026-12-03T07:10:00');
      await notifierAt(t, '2026-12-03T07:10:00').runOnce();
      const sender = new PushSender(t.db, {
        vapid,
        clock: { offsetMinutes: WIB },
        now: () => clock,
      });
      expect(await sender.drainOnce()).toBe(2);
      expect(service.errors).toEqual([]);
      const payloads = service.received.map((r) => r.payload as PushPayload);
      expect(payloads.map((p) => [p.title, p.body, p.url, p.tag]).sort()).toEqual([
        [
          'Ronde segera jatuh tempo',
          'Bersihkan toilet gedung B, pukul 08:00',
          `/tasks/rounds/${toilets}/2026-12-03`,
          `rounds:${toilets}:2026-12-03`,
        ],
        [
          'Ronde terlewat',
          'Bersihkan toilet gedung B, pukul 08:00',
          `/tasks/rounds/${toilets}/2026-12-02`,
          `rounds:${toilets}:2026-12-02`,
        ],
      ]);
      expect(service.received.map((r) => r.ttl).sort()).toEqual(['3600', String(12 * 3600)]);
    } finally {
      await service.close();
    }
  });

  // Two connections writing at once in one Node process is PostgreSQL's case: SQLite's single
  // writer takes one process (the sequential twin above covers a second one on SQLite).
  it.skipIf(testEngine !== 'postgres')(
    'two processes checking at once write each notice once',
    async () => {
      const other = t.twin();
      try {
        const counts = await Promise.all([
          notifierAt(t, '2026-12-03T07:10:00').runOnce(),
          notifierAt(other, '2026-12-03T07:10:00').runOnce(),
          notifierAt(t, '2026-12-03T07:10:00').runOnce(),
          notifierAt(other, '2026-12-03T07:10:00').runOnce(),
        ]);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
        expect(await inbox()).toHaveLength(4);
        expect(await t.db.select().from(roundNotices)).toHaveLength(4);
      } finally {
        await other.close();
      }
    },
  );
});
