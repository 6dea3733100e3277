import { afterEach, describe, expect, it } from 'vitest';
import { newId, PROTOCOL_VERSION, type User } from '@urs/sync-protocol';
import type { UrsDatabase } from '../db/database.js';
import { enqueue } from './outbox.js';
import { applyPullPage } from './pull.js';
import { keepServerCopies } from './server-copy.js';
import { ensureSyncState } from './sync-state.js';
import { FIXED_NOW, openTestDatabase, reportCreate, reportRow } from '../test/sync-fixtures.js';
import { testUser } from '../test/user.js';

/* Decision 032: an admin acts on a report the first download has not brought yet. */

const databases: UrsDatabase[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

const admin: User = testUser({ id: newId(), role: 'admin' });

async function adminDevice(): Promise<UrsDatabase> {
  const db = openTestDatabase();
  databases.push(db);
  await ensureSyncState(db, admin.id);
  await db.meta.put({ key: 'data_owner', user_id: admin.id, role: 'admin' });
  return db;
}

const serverReport = () => ({
  ...reportRow(reportCreate({ description: 'Atap bocor' }), newId(), FIXED_NOW),
  status: 'pending' as const,
});

describe('keepServerCopies', () => {
  it('keeps the server copy as the base of a queued change, and the pull then fills its shadow', async () => {
    const db = await adminDevice();
    const report = serverReport();
    expect(
      await keepServerCopies(db, admin.id, 'admin', [{ entity: 'reports', row: report }]),
    ).toBe(1);

    // The admin starts the job from the kept copy: queued as for any pulled row.
    await enqueue(db, admin.id, 'report.set_status', { id: report.id, status: 'in_progress' }, [
      { entity: 'reports', op: 'put', row: { ...report, status: 'in_progress' } },
    ]);
    expect((await db.shadows.get(['reports', report.id]))?.row).toMatchObject({
      status: 'pending',
    });

    // The first download reaches the report later (another admin's note meanwhile).
    const pulled = { ...report, admin_note: 'Cek talang', updated_at: '2026-11-24T00:00:00.000Z' };
    await applyPullPage(db, admin.id, '', {
      protocol_version: PROTOCOL_VERSION,
      changes: [{ entity: 'reports', op: 'put', id: report.id, change_seq: 7, row: pulled }],
      cursor: '7',
      has_more: true,
      remaining: 100,
      unread_announcements: 0,
      me: admin,
    });
    // Pending local changes win; the server's latest word waits as the shadow.
    expect(await db.reports.get(report.id)).toMatchObject({ status: 'in_progress' });
    expect((await db.shadows.get(['reports', report.id]))?.row).toMatchObject({
      admin_note: 'Cek talang',
    });
  });

  it('keeps nothing the device holds, nor a row an unsent change holds', async () => {
    const db = await adminDevice();
    const held = serverReport();
    const here = { ...serverReport(), description: 'Versi perangkat' };
    await db.reports.put(here);
    await db.reports.put(held);
    // Deleted here, not yet sent: the server copy must not bring it back.
    await enqueue(db, admin.id, 'report.delete', { id: held.id }, [
      { entity: 'reports', op: 'delete', id: held.id },
    ]);
    const kept = await keepServerCopies(db, admin.id, 'admin', [
      { entity: 'reports', row: held },
      { entity: 'reports', row: { ...here, description: 'Versi server' } },
    ]);
    expect(kept).toBe(0);
    expect(await db.reports.get(held.id)).toBeUndefined();
    expect(await db.reports.get(here.id)).toMatchObject({ description: 'Versi perangkat' });
  });

  it('keeps nothing in tables filled for another user or role', async () => {
    const db = await adminDevice();
    const report = serverReport();
    await db.meta.put({ key: 'data_owner', user_id: admin.id, role: 'custodian' });
    expect(
      await keepServerCopies(db, admin.id, 'admin', [{ entity: 'reports', row: report }]),
    ).toBe(0);
    await db.meta.put({ key: 'data_owner', user_id: newId(), role: 'admin' });
    expect(
      await keepServerCopies(db, admin.id, 'admin', [{ entity: 'reports', row: report }]),
    ).toBe(0);
    expect(await db.reports.count()).toBe(0);
  });
});
