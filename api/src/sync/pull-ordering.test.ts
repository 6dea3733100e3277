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
  it('lets another school push while one school holds its counter, and keeps each in order', async () => {
    const schoolB = await f.t.createSchool('Sekolah B');
    const bAdminToken = (await f.t.signIn('admin', undefined, { schoolId: schoolB })).token;
    const bAdmin = new TestDevice(f.t, bAdminToken);
    const bArea = await f.t.request('/api/areas', {
      method: 'POST',
      token: bAdminToken,
      json: { name: 'Aula B' },
    });
    const bAreaId = ((await bArea.json()) as { data: { id: string } }).data.id;
    const admin = new TestDevice(f.t, f.admin.token);
    await admin.pullAll();
    await bAdmin.pullAll();
    const slowId = newId();
    const fastId = newId();
    const bId = newId();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let numbered!: () => void;
    const slowHasItsNumber = new Promise<void>((resolve) => {
      numbered = resolve;
    });
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

    // School B, through the other process, does not wait for school A's counter.
    const bPush = await new TestDevice(second, bAdminToken).push([
      'report.create',
      { id: bId, area_id: bAreaId, work_type: 'repair', description: 'sekolah B' },
    ]);
    expect(bPush.results.map((r) => r.status)).toEqual(['applied']);
    const bDuring = await bAdmin.pullAll();
    expect(bDuring.map((c) => c.id)).toEqual([bId]);

    // School A's faster batch still waits behind A's slow one.
    const fast = new TestDevice(second, f.staff.token).push([
      'report.create',
      { id: fastId, area_id: f.areaId, work_type: 'repair', description: 'cepat' },
    ]);
    await someoneWaitsForALock(f.t);
    const during = await admin.pullAll();
    expect(during.map((c) => c.id)).not.toContain(fastId);
    expect(during.map((c) => c.id)).not.toContain(slowId);
    expect(during.map((c) => c.id)).not.toContain(bId);

    release();
    await slow;
    await fast;
    const after = await admin.pullAll();
    expect(after.filter((c) => c.entity === 'reports').map((c) => c.id)).toEqual([slowId, fastId]);
    expect(after.map((c) => c.id)).not.toContain(bId);
    const bAfter = await bAdmin.pullAll();
    expect(bAfter.map((c) => c.id)).not.toContain(slowId);
    expect(bAfter.map((c) => c.id)).not.toContain(fastId);
  });
});

/*
 * On both engines: two schools pushing in turn number their changes each in its own sequence,
 * and each school's pull holds its own changes in that order and none of the other's.
 */
describe('pull ordering per school', () => {
  let f: SyncFixture;
  beforeEach(async () => {
    f = await syncFixture('custodian', 'Perpustakaan');
  });
  afterEach(() => f.t.close());

  it('numbers each school apart and pulls each in its own order only', async () => {
    const schoolB = await f.t.createSchool('Sekolah B');
    const bAdmin = new TestDevice(
      f.t,
      (await f.t.signIn('admin', undefined, { schoolId: schoolB })).token,
    );
    const bArea = await f.t.request('/api/areas', {
      method: 'POST',
      token: bAdmin.token,
      json: { name: 'Aula B' },
    });
    const bAreaId = ((await bArea.json()) as { data: { id: string } }).data.id;
    const admin = new TestDevice(f.t, f.admin.token);
    await admin.pullAll();
    await bAdmin.pullAll();
    const aIds: string[] = [];
    const bIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const aId = newId();
      const bId = newId();
      aIds.push(aId);
      bIds.push(bId);
      await f.staff.push([
        'report.create',
        { id: aId, area_id: f.areaId, work_type: 'cleaning', description: `A ${i}` },
      ]);
      await bAdmin.push([
        'report.create',
        { id: bId, area_id: bAreaId, work_type: 'repair', description: `B ${i}` },
      ]);
    }
    for (const [device, own, other] of [
      [admin, aIds, bIds],
      [bAdmin, bIds, aIds],
    ] as const) {
      const changes = await device.pullAll();
      const reports = changes.filter((c) => c.entity === 'reports');
      expect(reports.map((c) => c.id)).toEqual(own);
      const seqs = changes.map((c) => c.change_seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(changes.filter((c) => other.includes(c.id))).toEqual([]);
    }
    // B's sequence started at its own zero: its three reports follow its area and admin.
    const bCounter = await f.t.db.rows<{ value: number }>(
      'SELECT value FROM change_counter WHERE school_id = ?',
      [schoolB],
    );
    expect(Number(bCounter[0]?.value)).toBe(5);
  });
});
