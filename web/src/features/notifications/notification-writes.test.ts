import { newId } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UrsDatabase } from '../../db/database.js';
import { openTestDatabase } from '../../test/sync-fixtures.js';
import { claimLocalData } from '../../sync/index.js';
import { inboxRows, unreadNotificationCount } from './notification-queries.js';
import {
  markAllNotificationsRead,
  markNotificationRead,
  setNotificationPrefs,
} from './notification-writes.js';
import { inboxRow } from './test-fixtures.js';

const ME = newId();
const NOW = new Date('2026-12-03T09:00:00.000Z');
const at = { now: () => NOW };
let db: UrsDatabase;

beforeEach(async () => {
  db = openTestDatabase();
  // The tables are this user's before their rows are written (as after a sign-in).
  await claimLocalData(db, ME);
});
afterEach(() => db.close());

describe('notification read marks', () => {
  it('queue notification.read with the row read at once, and a second mark queues nothing', async () => {
    const row = inboxRow(ME, 1);
    await db.notifications.put(row);
    expect(await unreadNotificationCount(db, ME)).toBe(1);

    await markNotificationRead(ME, row, at, db);
    const [entry] = await db.outbox.toArray();
    expect(entry?.mutation).toMatchObject({
      name: 'notification.read',
      args: { id: row.id, read_at: NOW.toISOString() },
    });
    expect(entry?.rows).toEqual([`notifications/${row.id}`]);
    expect((await db.notifications.get(row.id))?.read_at).toBe(NOW.toISOString());
    expect(await unreadNotificationCount(db, ME)).toBe(0);

    const stored = await db.notifications.get(row.id);
    if (stored === undefined) throw new Error('row gone');
    await markNotificationRead(ME, stored, at, db);
    expect(await db.outbox.count()).toBe(1);
  });

  it("mark a device's own refusal read on the device only", async () => {
    const refusal = inboxRow(ME, 2, {
      kind: 'sync_refused',
      subject_type: 'outbox',
      subject_id: '7',
      actor_id: null,
      params: { message: 'Area tidak ditemukan.', path: '/reports/x/edit' },
    });
    await db.notifications.put(refusal);
    await markNotificationRead(ME, refusal, at, db);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.notifications.get(refusal.id))?.read_at).toBe(NOW.toISOString());
  });

  it('mark all read naming the newest server row held, never a device row or another user', async () => {
    const older = inboxRow(ME, 1);
    const read = inboxRow(ME, 2, { read_at: '2026-12-03T08:30:00.000Z' });
    const newest = inboxRow(ME, 3);
    const refusal = inboxRow(ME, 4, {
      kind: 'sync_refused',
      subject_type: 'outbox',
      subject_id: '3',
      actor_id: null,
      params: { message: 'Ditolak' },
    });
    const someoneElse = inboxRow(newId(), 5);
    await db.notifications.bulkPut([older, read, newest, refusal, someoneElse]);

    const rows = await inboxRows(db, ME);
    expect(rows.map((r) => r.id)).toEqual([refusal.id, newest.id, read.id, older.id]);
    expect(await markAllNotificationsRead(ME, rows, at, db)).toBe(3);

    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.mutation).toMatchObject({
      name: 'notification.read_all',
      args: { id: newest.id, read_at: NOW.toISOString() },
    });
    expect(entries[0]?.rows.sort()).toEqual(
      [`notifications/${newest.id}`, `notifications/${older.id}`].sort(),
    );
    expect(await unreadNotificationCount(db, ME)).toBe(0);
    // The first read mark stands.
    expect((await db.notifications.get(read.id))?.read_at).toBe('2026-12-03T08:30:00.000Z');
    expect((await db.notifications.get(someoneElse.id))?.read_at).toBeNull();
  });
});

describe('setNotificationPrefs', () => {
  it('sends the whole per-kind map and shows the defaults changed at once', async () => {
    await setNotificationPrefs(ME, { push: { announcement: false } }, at, db);
    await setNotificationPrefs(ME, { push: { low_stock: false } }, at, db);
    await setNotificationPrefs(ME, { quiet_hours: null }, at, db);
    const sent = (await db.outbox.orderBy('id').toArray()).map((e) => e.mutation.args);
    expect(sent).toEqual([
      { id: ME, push: { announcement: false } },
      { id: ME, push: { announcement: false, low_stock: false } },
      { id: ME, quiet_hours: null },
    ]);
    expect(await db.notification_prefs.get(ME)).toMatchObject({
      id: ME,
      push: { announcement: false, low_stock: false },
      announcements: 'important',
      quiet_hours: null,
    });
  });

  it('refuses quiet hours that start when they end, writing nothing', async () => {
    await expect(
      setNotificationPrefs(ME, { quiet_hours: { start: '21:00', end: '21:00' } }, at, db),
    ).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.notification_prefs.count()).toBe(0);
  });
});
