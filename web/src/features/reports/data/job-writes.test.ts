import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { newId, type Report } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUrsDatabase, type UrsDatabase } from '../../../db/database.js';
import { claimLocalData } from '../../../sync/index.js';
import { photoRow } from '../../../test/sync-fixtures.js';
import { testReport } from '../../../test/report.js';
import {
  addComment,
  assignReports,
  changeJobStatus,
  handBackJob,
  planJobChange,
  planJobsChange,
} from './job-writes.js';

const TECH = { id: newId(), role: 'technician' as const };
const OTHER = { id: newId(), role: 'custodian' as const };
const ADMIN = { id: newId(), role: 'admin' as const };
const STRANGER = { id: newId(), role: 'gardener' as const };
const NOW = new Date('2026-12-02T03:00:00.000Z');

let db: UrsDatabase;

beforeEach(async () => {
  db = openUrsDatabase(`urs-job-writes-test-${newId()}`, { indexedDB, IDBKeyRange });
  await claimLocalData(db, TECH.id);
});
afterEach(async () => {
  await db.delete();
});

/** A job filed by someone else, assigned to the technician, with a before photo. */
async function storedJob(overrides: Partial<Report> = {}): Promise<Report> {
  const report: Report = {
    ...testReport(newId(), new Date('2026-12-01T01:00:00.000Z'), 'in_progress', {
      reporter: OTHER.id,
    }),
    assignee_id: TECH.id,
    ...overrides,
  };
  await db.reports.put(report);
  await db.report_photos.put(photoRow(report.id, report.created_at, { kind: 'before' }));
  return report;
}

const queued = async () =>
  (await db.outbox.toArray()).map((entry) => [entry.mutation.name, entry.entity_id]);

describe('changing a job’s status on the device', () => {
  it('does not queue a completion without the after photo its before photos call for', async () => {
    const report = await storedJob();
    const outcome = await changeJobStatus(TECH, report, 'completed', NOW, db);
    expect(outcome).toEqual({
      refused:
        'Tambahkan minimal satu foto sesudah sebelum menyelesaikan pekerjaan yang punya foto sebelum.',
    });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.reports.get(report.id)).toMatchObject({ status: 'in_progress' });
  });

  it('queues it once an after photo is there, showing the closed job and its event at once', async () => {
    const report = await storedJob();
    await db.report_photos.put(photoRow(report.id, report.created_at, { kind: 'after' }));
    expect(await changeJobStatus(TECH, report, 'completed', NOW, db)).toBe('queued');
    expect(await queued()).toEqual([['report.set_status', report.id]]);
    expect(await db.reports.get(report.id)).toMatchObject({
      status: 'completed',
      completed_at: NOW.toISOString(),
    });
    const [event] = await db.report_events.where('report_id').equals(report.id).toArray();
    expect(event).toMatchObject({
      actor_id: TECH.id,
      kind: 'status',
      changes: { status: ['in_progress', 'completed'] },
    });
    const [entry] = await db.outbox.toArray();
    expect(entry?.mutation.args).toMatchObject({ event_id: event?.id, at: NOW.toISOString() });
  });

  it('someone who neither holds nor filed the job may not start it; its reporter may not either', async () => {
    const report = await storedJob({ status: 'pending' });
    expect(await changeJobStatus(STRANGER, report, 'in_progress', NOW, db)).toEqual({
      refused: 'Anda tidak dapat mengubah pekerjaan ini.',
    });
    expect(await changeJobStatus(OTHER, report, 'in_progress', NOW, db)).toEqual({
      refused: 'Perubahan status ini tidak diizinkan.',
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('an admin completes it without the after photo', async () => {
    await claimLocalData(db, ADMIN.id);
    const report = await storedJob({ status: 'pending' });
    expect(await changeJobStatus(ADMIN, report, 'completed', NOW, db)).toBe('queued');
  });

  it('a start the job has already gone past is not queued', async () => {
    const report = await storedJob({ status: 'in_progress' });
    expect(await changeJobStatus(TECH, report, 'in_progress', NOW, db)).toBe('unchanged');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('planning jobs', () => {
  // The admin's own device.
  beforeEach(() => claimLocalData(db, ADMIN.id));

  it('assigns several reports at once, one set_job each, leaving out those already so', async () => {
    const [a, b, already] = await Promise.all([
      storedJob({ assignee_id: null }),
      storedJob({ assignee_id: OTHER.id }),
      storedJob({ assignee_id: TECH.id }),
    ]);
    if (a === undefined || b === undefined || already === undefined) throw new Error();
    const count = await planJobsChange(ADMIN, [a, b, already], { assignee_id: TECH.id }, NOW, db);
    expect(count).toBe(2);
    expect((await queued()).sort()).toEqual(
      [
        ['report.set_job', a.id],
        ['report.set_job', b.id],
      ].sort(),
    );
    expect(await db.reports.get(a.id)).toMatchObject({ assignee_id: TECH.id });
    expect(await db.report_events.where('report_id').equals(b.id).first()).toMatchObject({
      kind: 'job',
      changes: { assignee_id: [OTHER.id, TECH.id] },
    });
  });

  it('assigns reports by id from the list, counting those the device does not hold yet', async () => {
    const held = await storedJob({ assignee_id: null });
    const outcome = await assignReports(ADMIN, [held.id, newId()], TECH.id, NOW, db);
    expect(outcome).toEqual({ queued: 1, missing: 1 });
    expect(await queued()).toEqual([['report.set_job', held.id]]);
  });

  it('queues nothing for a plan that changes nothing', async () => {
    const report = await storedJob({ priority: 'high' });
    expect(await planJobChange(ADMIN, report, { priority: 'high' }, NOW, db)).toBe(false);
    expect(await planJobChange(ADMIN, report, { priority: 'urgent' }, NOW, db)).toBe(true);
    expect(await db.reports.get(report.id)).toMatchObject({ priority: 'urgent' });
  });
});

describe('handing a job back', () => {
  it('a hand back leaves the job in the queue, pending, with its event', async () => {
    const report = await storedJob();
    expect(await handBackJob(TECH, report, NOW, db)).toBe(true);
    expect(await db.reports.get(report.id)).toMatchObject({ assignee_id: null, status: 'pending' });
    expect(await db.report_events.where('report_id').equals(report.id).first()).toMatchObject({
      kind: 'hand_back',
    });
  });
});

describe('commenting', () => {
  it('refuses an empty comment in words and shows a real one at once', async () => {
    const report = await storedJob();
    expect(await addComment(TECH, report.id, '   ', NOW, db)).toBe('Komentar wajib diisi.');
    expect(await db.outbox.count()).toBe(0);
    expect(await addComment(TECH, report.id, 'Perlu ganti kran', NOW, db)).toBeNull();
    expect(await queued()).toHaveLength(1);
    expect(await db.report_events.where('report_id').equals(report.id).first()).toMatchObject({
      kind: 'comment',
      body: 'Perlu ganti kran',
      actor_id: TECH.id,
    });
  });
});
