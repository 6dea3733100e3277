import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId, type Change, type Notification } from '@urs/sync-protocol';
import { notifications, pushDeliveries, pushSubscriptions, reportEvents } from '../db/schema.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
import { createUser } from '../services/users.js';
import { makeTestApp } from '../test/harness.js';
import { TestDevice, useSyncFixture } from './test-kit.js';
import type { TestApp } from '../test/harness.js';

/*
 * Notifications written with their events (decision 031), on both engines: who is told of what,
 * exactly once, the inbox in the pull, read marks and preferences as mutations, low stock once
 * per dip, and the push subscriptions with their deliveries.
 */

const inbox = (changes: Change[]) =>
  changes
    .filter((c): c is Extract<Change, { entity: 'notifications'; op: 'put' }> => {
      return c.entity === 'notifications' && c.op === 'put';
    })
    .map((c) => c.row);

async function userId(t: TestApp, token: string): Promise<string> {
  const res = await t.request('/api/user', { token });
  return ((await res.json()) as { user: { id: string } }).user.id;
}

async function rowsFor(t: TestApp, user: string) {
  return t.db.select().from(notifications).where(eq(notifications.userId, user));
}

const kinds = (rows: { kind: string }[]) => rows.map((r) => r.kind).sort();

describe('jobs tell the people they concern', () => {
  const f = useSyncFixture('technician', 'Bengkel');

  it('assigned, taken, commented and status changed: each told once, never the actor', async () => {
    const tech = await userId(f.t, f.staff.token);
    const admin = await userId(f.t, f.admin.token);
    const other = new TestDevice(f.t, (await f.t.signIn('technician')).token);
    const otherId = await userId(f.t, other.token);
    const job = newId();
    const answers = await f.admin.push(
      [
        'report.create',
        { id: job, area_id: f.areaId, work_type: 'repair', description: 'Pompa air mati' },
      ],
      ['report.set_job', { id: job, event_id: newId(), assignee_id: tech, priority: 'urgent' }],
    );
    expect(answers.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const [assigned] = await rowsFor(f.t, tech);
    expect(assigned).toMatchObject({
      kind: 'job_assigned',
      subjectType: 'reports',
      subjectId: job,
      actorId: admin,
      priority: 'urgent',
      readAt: null,
    });
    expect(assigned?.params).toMatchObject({ report: 'Pompa air mati' });

    // The technician comments: the admin filed it (reporter), so the admin is told.
    await f.staff.push(['comment.create', { id: newId(), report_id: job, body: 'Butuh segel' }]);
    expect(kinds(await rowsFor(f.t, admin))).toEqual(['job_commented']);

    // Reassigned: the technician loses it, the other gains it.
    await f.admin.push(['report.set_job', { id: job, event_id: newId(), assignee_id: otherId }]);
    expect(kinds(await rowsFor(f.t, tech))).toEqual(['job_assigned', 'job_taken']);
    expect(kinds(await rowsFor(f.t, otherId))).toEqual(['job_assigned']);

    // The assignee starts it: the admin (reporter) is told; nobody else.
    await other.push(['report.set_status', { id: job, status: 'in_progress', event_id: newId() }]);
    expect(kinds(await rowsFor(f.t, admin))).toEqual(['job_commented', 'report_status']);
    expect(kinds(await rowsFor(f.t, otherId))).toEqual(['job_assigned']);
    expect(kinds(await rowsFor(f.t, tech))).toEqual(['job_assigned', 'job_taken']);

    // A plan that changes no hands tells no one.
    await f.admin.push(['report.set_job', { id: job, event_id: newId(), priority: 'low' }]);
    expect(await rowsFor(f.t, otherId)).toHaveLength(1);
  });

  it('a batch telling one person several times: each notice in its place, each pushed', async () => {
    // A batch's notices are written together before it commits (services/notify.ts): each keeps
    // the change number of its moment, its recipient and subscriptions are read once, and a
    // refused mutation between them changes nothing of the others'.
    const tech = await userId(f.t, f.staff.token);
    const now = new Date().toISOString();
    await f.t.db.write((tx) =>
      tx.insert(pushSubscriptions).values(
        ['a', 'b'].map((device) => ({
          id: newId(),
          schoolId: FIRST_SCHOOL_ID,
          userId: tech,
          sessionId: newId(),
          clientId: newId(),
          endpoint: `https://push.example/${device}`,
          p256dh: 'BOr1c2V5',
          auth: 'YXV0aA',
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
    const [first, second] = [newId(), newId()];
    const report = (id: string): [string, unknown] => [
      'report.create',
      { id, area_id: f.areaId, work_type: 'repair', description: id },
    ];
    const plan = (id: string): [string, unknown] => [
      'report.set_job',
      { id, event_id: newId(), assignee_id: tech },
    ];
    const answers = await f.admin.push(
      report(first),
      report(second),
      plan(first),
      plan(newId()),
      plan(second),
      ['comment.create', { id: newId(), report_id: second, body: 'Segera' }],
    );
    expect(answers.results.map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'rejected',
      'applied',
      'applied',
    ]);
    const told = await rowsFor(f.t, tech);
    expect(told.map((r) => [r.kind, r.subjectId])).toEqual([
      ['job_assigned', first],
      ['job_assigned', second],
      ['job_commented', second],
    ]);
    // Numbered as if written at once: after the change that tells of it, before the next one.
    const events = await f.t.db.select().from(reportEvents);
    const eventSeq = (reportId: string, kind: string) =>
      events.find((e) => e.reportId === reportId && e.kind === kind)?.changeSeq ?? NaN;
    const seqs = told.map((r) => r.changeSeq);
    expect(seqs[0]).toBe(eventSeq(first, 'job') + 1);
    expect(seqs[1]).toBe(eventSeq(second, 'job') + 1);
    expect(seqs[2]).toBe(eventSeq(second, 'comment') + 1);
    const deliveries = await f.t.db.select().from(pushDeliveries);
    expect(deliveries).toHaveLength(6);
    for (const notice of told) {
      expect(deliveries.filter((d) => d.notificationId === notice.id)).toHaveLength(2);
    }
  });

  it("one's own work tells no one, and a resent batch tells nobody twice", async () => {
    const tech = await userId(f.t, f.staff.token);
    const report = newId();
    const event = newId();
    const envelopes = [
      f.staff.envelope('report.create', {
        id: report,
        area_id: f.areaId,
        work_type: 'cleaning',
        description: 'Lantai',
      }),
      f.staff.envelope('report.set_status', { id: report, status: 'in_progress', event_id: event }),
    ];
    expect((await f.staff.pushRaw(envelopes)).status).toBe(200);
    expect(await f.t.db.select().from(notifications)).toEqual([]);

    // The admin changes it: the reporter hears of it, once, however often the batch is resent.
    const change = f.admin.envelope('report.set_status', {
      id: report,
      status: 'cancelled',
      event_id: newId(),
    });
    expect((await f.admin.pushRaw([change])).status).toBe(200);
    expect((await f.admin.pushRaw([change])).status).toBe(200);
    const rows = await rowsFor(f.t, tech);
    expect(rows.map((r) => [r.kind, r.params['status']])).toEqual([['report_status', 'cancelled']]);
  });
});

describe('requests, announcements and low stock', () => {
  const f = useSyncFixture('inventory_staff', 'Gudang');

  it('a decided request tells its requester', async () => {
    const keeper = await userId(f.t, f.staff.token);
    const item = newId();
    await f.admin.push(['item.create', { id: item, name: 'Sabun cair', unit: 'botol', stock: 50 }]);
    const approved = newId();
    const rejected = newId();
    await f.staff.push(
      ['request.create', { id: approved, type: 'stock', item_id: item, quantity: 2 }],
      ['request.create', { id: rejected, type: 'stock', item_id: item, quantity: 9 }],
    );
    await f.admin.push(
      ['request.approve', { id: approved, notes: 'Ambil di gudang' }],
      ['request.reject', { id: rejected }],
    );
    const rows = await rowsFor(f.t, keeper);
    expect(rows.map((r) => [r.kind, r.subjectId, r.params['item']]).sort()).toEqual(
      [
        ['request_approved', approved, 'Sabun cair'],
        ['request_rejected', rejected, 'Sabun cair'],
      ].sort(),
    );
    expect(rows.find((r) => r.kind === 'request_approved')?.params['number']).toMatch(/^REQ-/);
  });

  it('an announcement tells the roles it is for', async () => {
    const keeper = await userId(f.t, f.staff.token);
    const gardener = (await f.t.signIn('gardener')).user.id;
    await f.admin.push(
      [
        'announcement.create',
        {
          id: newId(),
          title: 'Stok opname',
          body: 'Jumat',
          audience: ['inventory_staff'],
          priority: 'important',
        },
      ],
      ['announcement.create', { id: newId(), title: 'Rapat', body: 'Senin' }],
    );
    const mine = await rowsFor(f.t, keeper);
    expect(mine.map((r) => [r.params['title'], r.priority]).sort()).toEqual([
      ['Rapat', 'normal'],
      ['Stok opname', 'important'],
    ]);
    expect((await rowsFor(f.t, gardener)).map((r) => r.params['title'])).toEqual(['Rapat']);
    // The author is not told of their own announcement.
    expect(await rowsFor(f.t, await userId(f.t, f.admin.token))).toEqual([]);
  });

  it('an announcement to a role of 300 reaches each of them once, pushes to each subscribed', async () => {
    // More people than one statement takes (256), in parts of every size down to one.
    const gardeners: string[] = [];
    for (let i = 0; i < 300; i++) {
      const row = await createUser(
        f.t.db,
        {
          schoolId: FIRST_SCHOOL_ID,
          name: `Tukang Kebun ${i}`,
          email: `kebun.${i}@sekolah.test`,
          role: 'gardener',
          password: 'rahasia-kebun-123',
        },
        f.t.env.SCRYPT_LOG_N,
      );
      gardeners.push(row.id);
    }
    const subscribed = gardeners.slice(0, 263);
    const now = new Date().toISOString();
    await f.t.db.write((tx) =>
      tx.insert(pushSubscriptions).values(
        subscribed.map((userId, i) => ({
          id: newId(),
          schoolId: FIRST_SCHOOL_ID,
          userId,
          sessionId: newId(),
          clientId: newId(),
          endpoint: `https://push.example/kebun-${i}`,
          p256dh: 'BOr1c2V5',
          auth: 'YXV0aA',
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
    await f.admin.push([
      'announcement.create',
      { id: newId(), title: 'Pangkas pagar', body: 'Sabtu', audience: ['gardener'] },
    ]);
    const told = await f.t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.kind, 'announcement'));
    expect(told.map((r) => r.userId).sort()).toEqual([...gardeners].sort());
    const deliveries = await f.t.db.select().from(pushDeliveries);
    expect(deliveries).toHaveLength(subscribed.length);
    const byId = new Map((await f.t.db.select().from(notifications)).map((n) => [n.id, n.userId]));
    expect(new Set(deliveries.map((d) => byId.get(d.notificationId)))).toEqual(new Set(subscribed));
  });

  it('low stock: once per dip, none while it stays low, again after a restock', async () => {
    const keeper = await userId(f.t, f.staff.token);
    const admin = await userId(f.t, f.admin.token);
    const item = newId();
    await f.admin.push([
      'item.create',
      { id: item, name: 'Kantong sampah', unit: 'pak', stock: 10, min_stock: 3 },
    ]);
    const use = (type: 'in' | 'out', quantity: number) =>
      f.staff.push([
        'stock.record',
        { id: newId(), item_id: item, type, quantity, occurred_at: new Date().toISOString() },
      ]);
    const lowFor = async (user: string) =>
      (await rowsFor(f.t, user)).filter((r) => r.kind === 'low_stock');
    await use('out', 5); // 5: above the minimum
    expect(await lowFor(admin)).toEqual([]);
    await use('out', 2); // 3: at the minimum, low
    expect(await lowFor(admin)).toHaveLength(1);
    // The keeper recorded it: not told of their own act.
    expect(await lowFor(keeper)).toEqual([]);
    await use('out', 1); // 2: still low
    await use('out', 2); // 0: still low
    expect(await lowFor(admin)).toHaveLength(1);
    await use('in', 20); // 20: restocked
    expect(await lowFor(admin)).toHaveLength(1);
    await use('out', 18); // 2: a new dip
    const told = await lowFor(admin);
    expect(told).toHaveLength(2);
    expect(told.map((r) => r.params).at(-1)).toMatchObject({
      item: 'Kantong sampah',
      stock: 2,
      min_stock: 3,
      unit: 'pak',
    });
    // A higher minimum is a dip too, told to the keeper (the admin made it).
    await use('in', 10); // 12
    await f.admin.push(['item.update', { id: item, min_stock: 15 }]);
    expect(await lowFor(keeper)).toHaveLength(1);
    expect(await lowFor(admin)).toHaveLength(2);
  });
});

describe('the inbox on the device', () => {
  const f = useSyncFixture('gardener', 'Taman');

  it('pulls only its own, and read marks reach every device', async () => {
    const gardener = await userId(f.t, f.staff.token);
    for (const title of ['Satu', 'Dua', 'Tiga']) {
      await f.admin.push(['announcement.create', { id: newId(), title, body: '-' }]);
      // Apart in time: "read all" marks what arrived up to a notification, by arrival.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const rows = inbox(await f.staff.pullAll());
    expect(rows.map((r) => r.params['title'])).toEqual(['Satu', 'Dua', 'Tiga']);
    expect(rows.every((r: Notification) => r.user_id === gardener && r.read_at === null)).toBe(
      true,
    );
    expect(inbox(await f.admin.pullAll())).toEqual([]);

    const [first, second, third] = rows;
    if (first === undefined || second === undefined || third === undefined) throw new Error('3');
    const at = '2026-12-03T01:00:00.000Z';
    // Someone else's notification is no one's to mark: a no-op, applied.
    const foreign = await f.admin.push(['notification.read', { id: first.id, read_at: at }]);
    expect(foreign.results[0]?.status).toBe('applied');
    await f.staff.push(['notification.read', { id: first.id, read_at: at }]);
    const phone = new TestDevice(f.t, f.staff.token);
    const onPhone = new Map(inbox(await phone.pullAll()).map((r) => [r.id, r.read_at]));
    expect([first.id, second.id, third.id].map((id) => onPhone.get(id))).toEqual([at, null, null]);
    // Read everything up to the second: the third, newer, stays unread.
    await f.staff.push(['notification.read_all', { id: second.id, read_at: at }]);
    // This device pulled before either mark: both marked ones come again, the third does not.
    const after = inbox(await f.staff.pullAll());
    expect(after.map((r) => [r.id, r.read_at])).toEqual([
      [first.id, at],
      [second.id, at],
    ]);
    const stored = await rowsFor(f.t, gardener);
    expect(stored.find((r) => r.id === third.id)?.readAt).toBeNull();
    // The minute's poll tells a phone without push that its inbox changed: one still unread.
    const poll = await f.t.request('/api/announcements/unread-count', { token: f.staff.token });
    expect(await poll.json()).toMatchObject({ notifications: 1 });
  });

  it('preferences are the user own, synced, and only theirs to set', async () => {
    const gardener = await userId(f.t, f.staff.token);
    const admin = await userId(f.t, f.admin.token);
    const set = await f.staff.push(
      ['notification_prefs.set', { id: gardener, push: { announcement: false } }],
      ['notification_prefs.set', { id: gardener, quiet_hours: { start: '22:00', end: '05:00' } }],
      ['notification_prefs.set', { id: admin, announcements: 'all' }],
    );
    expect(set.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    const prefs = (await f.staff.pullAll()).filter((c) => c.entity === 'notification_prefs');
    expect(prefs).toHaveLength(1);
    expect(prefs[0]).toMatchObject({
      op: 'put',
      row: {
        id: gardener,
        push: { announcement: false },
        announcements: 'important',
        quiet_hours: { start: '22:00', end: '05:00' },
      },
    });
    expect((await f.admin.pullAll()).filter((c) => c.entity === 'notification_prefs')).toEqual([]);
  });
});

describe('push subscriptions', () => {
  const subscription = (endpoint: string) => ({
    endpoint,
    expirationTime: null,
    keys: { p256dh: 'BOr1c2V5', auth: 'YXV0aA' },
    client_id: newId(),
  });

  it('a known push service only; one per endpoint; deliveries with the event; gone at logout', async () => {
    const t = await makeTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1,push.example' });
    try {
      const admin = new TestDevice(t, (await t.signIn('admin')).token);
      const staff = await t.signIn('custodian');
      const post = (json: unknown, token = staff.token) =>
        t.request('/api/push/subscriptions', { method: 'POST', token, json });
      expect((await post(subscription('https://evil.example/x'))).status).toBe(422);
      expect((await post(subscription('http://push.example/x'))).status).toBe(422);
      const first = await post(subscription('https://push.example/a'));
      expect(first.status).toBe(201);
      expect((await post(subscription('http://127.0.0.1:9/b'))).status).toBe(201);
      const key = await t.request('/api/push/public-key', { token: staff.token });
      const { public_key } = (await key.json()) as { public_key: string };
      expect(public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
      // The same key for a second process: it is the deployment's, in the database.
      const twin = t.twin();
      const again = await twin.request('/api/push/public-key', { token: staff.token });
      expect(((await again.json()) as { public_key: string }).public_key).toBe(public_key);

      await admin.push(['announcement.create', { id: newId(), title: 'Libur', body: '-' }]);
      const deliveries = await t.db.select().from(pushDeliveries);
      expect(deliveries).toHaveLength(2);

      // The same browser, now another account's: the endpoint moves, the waiting push does not.
      const other = await t.signIn('gardener');
      const moved = await post(subscription('https://push.example/a'), other.token);
      expect(moved.status).toBe(200);
      expect(await t.db.select().from(pushDeliveries)).toHaveLength(1);

      await t.request('/api/logout', { method: 'POST', token: staff.token });
      const left = await t.db.select().from(pushSubscriptions);
      expect(left.map((s) => [s.endpoint, s.userId])).toEqual([
        ['https://push.example/a', other.user.id],
      ]);
      expect(await t.db.select().from(pushDeliveries)).toEqual([]);
      await twin.close();
    } finally {
      await t.close();
    }
  });
});
