import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, PROTOCOL_VERSION } from '@urs/sync-protocol';
import { testEngine } from '../test/databases.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
import type { TestApp } from '../test/harness.js';
import { applyPushBatch } from './push.js';
import { someoneWaitsForALock, syncFixture, TestDevice, type SyncFixture } from './test-kit.js';

/*
 * The pull cursor is a change_seq. With a plain sequence, a batch that took number N and commits
 * late would land behind a cursor that already passed N + 1, committed by a faster batch, and
 * every device would miss it forever. Here two pushes overlap on two API processes sharing one
 * PostgreSQL; the first holds its transaction open after numbering its report.
 */
describe.skipIf(testEngine !== 'postgres')('pull ordering with overlapping pushes', () => {
  let f: SyncFixture;
  let second: TestApp;
  beforeEach(async () => {
    f = await syncFixture('custodian', 'Perpustakaan');
    second = f.t.twin();
  });
  afterEach(async () => {
    await second.close();
    await f.t.close();
  });

  it('never lets a later-numbered change commit first, so no pull skips the earlier one', async () => {
    const admin = new TestDevice(f.t, f.admin.token);
    await admin.pullAll();
    const slowId = newId();
    const fastId = newId();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let numbered!: () => void;
    const slowHasItsNumber = new Promise<void>((resolve) => {
      numbered = resolve;
    });

    // Process one: the slow batch numbers its report, then keeps its transaction open.
    const me = (await (await f.t.request('/api/user', { token: f.staff.token })).json()) as {
      user: { id: string; role: 'custodian' };
    };
    const slow = applyPushBatch(
      f.t.db,
      { id: me.user.id, role: me.user.role, schoolId: FIRST_SCHOOL_ID },
      {
        protocol_version: PROTOCOL_VERSION,
        client_id: newId(),
        mutations: [
          {
            id: newId(),
            seq: 1,
            name: 'report.create',
            args: { id: slowId, area_id: f.areaId, work_type: 'cleaning', description: 'lambat' },
            at: new Date().toISOString(),
          },
        ],
      },
      {
        afterMutation: async () => {
          numbered();
          await held;
        },
      },
    );
    await slowHasItsNumber;

    // Process two: a faster batch from another device arrives meanwhile.
    const fastDevice = new TestDevice(second, f.staff.token);
    const fast = fastDevice.push([
      'report.create',
      { id: fastId, area_id: f.areaId, work_type: 'repair', description: 'cepat' },
    ]);
    await someoneWaitsForALock(f.t);

    // A device pulling now sees neither: the fast batch cannot commit ahead of the slow one.
    const during = await admin.pullAll();
    expect(during.map((c) => c.id)).not.toContain(fastId);
    expect(during.map((c) => c.id)).not.toContain(slowId);

    release();
    await slow;
    await fast;
    const after = await admin.pullAll();
    const reportChanges = after.filter((c) => c.entity === 'reports');
    expect(reportChanges.map((c) => c.id)).toEqual([slowId, fastId]);
    const [first, next] = reportChanges;
    expect(first !== undefined && next !== undefined && first.change_seq < next.change_seq).toBe(
      true,
    );
  });
});
