import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { newId, type MutationResult } from '@urs/sync-protocol';
import { reportEvents, reportPhotos, reportReleases, reports, users } from '../db/schema.js';
import { FILING_CLOCK_SKEW_MS } from './filing-time.js';
import { jpegBytes, sha256, TestDevice, uploadPhoto, useSyncFixture } from './test-kit.js';

/*
 * The job mutations of decision 028 beyond the table (jobs-transitions.test.ts): what a plan
 * checks and records, the completion's photo rule, exactly-once events, times bounded as filing
 * times, and a job taken from its reporter.
 */

const f = useSyncFixture('technician', 'Bengkel');

let techId: string;
let adminId: string;
beforeEach(async () => {
  techId = (await me(f.staff)).id;
  adminId = (await me(f.admin)).id;
});

async function me(device: TestDevice): Promise<{ id: string }> {
  const res = await f.t.request('/api/user', { token: device.token });
  return ((await res.json()) as { user: { id: string } }).user;
}

const statuses = (results: MutationResult[]) =>
  results.map((r) => (r.status === 'rejected' ? `${r.code}:${r.reason?.code}` : r.status));

async function reportRow(id: string) {
  const [row] = await f.t.db.select().from(reports).where(eq(reports.id, id));
  if (row === undefined) throw new Error(`report ${id} missing`);
  return row;
}

async function events(reportId: string) {
  return f.t.db
    .select()
    .from(reportEvents)
    .where(eq(reportEvents.reportId, reportId))
    .orderBy(asc(reportEvents.changeSeq));
}

/** A report the admin files for someone else to fix. */
async function queued(): Promise<string> {
  const id = newId();
  const { results } = await f.admin.push([
    'report.create',
    { id, area_id: f.areaId, work_type: 'repair', description: 'AC bocor', unassigned: true },
  ]);
  expect(statuses(results)).toEqual(['applied']);
  return id;
}

describe('report.create', () => {
  it("assigns one's own work to oneself, and a problem for someone else to no one", async () => {
    const own = newId();
    const problem = newId();
    await f.staff.push(
      ['report.create', { id: own, area_id: f.areaId, work_type: 'repair', description: 'A' }],
      [
        'report.create',
        { id: problem, area_id: f.areaId, work_type: 'repair', description: 'B', unassigned: true },
      ],
    );
    expect(await reportRow(own)).toMatchObject({
      assigneeId: techId,
      priority: 'normal',
      dueDate: null,
      origin: 'staff',
      completedAt: null,
    });
    expect((await reportRow(problem)).assigneeId).toBeNull();
  });

  it('dates a report filed already done by its filing time', async () => {
    const id = newId();
    // The device's time, after the user was created (an earlier one is raised to that).
    const filed = new Date().toISOString();
    await f.staff.push([
      'report.create',
      {
        id,
        area_id: f.areaId,
        work_type: 'repair',
        description: 'Lampu diganti',
        status: 'completed',
        reported_at: filed,
      },
    ]);
    expect((await reportRow(id)).completedAt).toBe(filed);
  });
});

describe('report.set_job', () => {
  it('changes only the fields sent and records them in one job event', async () => {
    const id = await queued();
    const eventId = newId();
    const at = new Date().toISOString();
    const { results } = await f.admin.push([
      'report.set_job',
      { id, event_id: eventId, at, assignee_id: techId, due_date: '2026-12-24', due_time: '09:00' },
    ]);
    expect(statuses(results)).toEqual(['applied']);
    expect(await reportRow(id)).toMatchObject({
      assigneeId: techId,
      priority: 'normal',
      dueDate: '2026-12-24',
      dueTime: '09:00',
    });
    expect(await events(id)).toMatchObject([
      {
        id: eventId,
        kind: 'job',
        actorId: adminId,
        changes: {
          assignee_id: [null, techId],
          due_date: [null, '2026-12-24'],
          due_time: [null, '09:00'],
        },
        body: null,
        kept: false,
        occurredAt: at,
        reporterId: adminId,
        assigneeId: techId,
      },
    ]);
    // Only the priority this time; the same plan again changes nothing and records nothing.
    await f.admin.push(['report.set_job', { id, event_id: newId(), priority: 'high' }]);
    await f.admin.push(['report.set_job', { id, event_id: newId(), priority: 'high' }]);
    expect((await events(id)).map((e) => e.changes)).toEqual([
      expect.anything(),
      { priority: ['normal', 'high'] },
    ]);
    expect(await reportRow(id)).toMatchObject({ assigneeId: techId, dueDate: '2026-12-24' });
  });

  it('takes the time with the day it is cleared with, and refuses a time on no day', async () => {
    const id = await queued();
    await f.admin.push(['report.set_job', { id, event_id: newId(), due_date: '2026-12-24' }]);
    const { results } = await f.admin.push([
      'report.set_job',
      { id, event_id: newId(), due_time: '07:00' },
    ]);
    expect(statuses(results)).toEqual(['applied']);
    await f.admin.push(['report.set_job', { id, event_id: newId(), due_date: null }]);
    expect(await reportRow(id)).toMatchObject({ dueDate: null, dueTime: null });
    expect((await events(id)).at(-1)?.changes).toEqual({
      due_date: ['2026-12-24', null],
      due_time: ['07:00', null],
    });
    const refused = await f.admin.push([
      'report.set_job',
      { id, event_id: newId(), due_time: '08:00' },
    ]);
    expect(statuses(refused.results)).toEqual(['validation:due_time_without_date']);
  });

  it('gives a job only to a live user of the school', async () => {
    const id = await queued();
    const gone = await f.t.signIn('gardener');
    await f.t.db.write((tx) =>
      tx
        .update(users)
        .set({ deletedAt: new Date().toISOString() })
        .where(eq(users.id, gone.user.id)),
    );
    const elsewhere = await f.t.createSchool('SMP Lain');
    const stranger = await f.t.signIn('technician', undefined, { schoolId: elsewhere });
    const { results } = await f.admin.push(
      ['report.set_job', { id, event_id: newId(), assignee_id: gone.user.id }],
      ['report.set_job', { id, event_id: newId(), assignee_id: stranger.user.id }],
      ['report.set_job', { id, event_id: newId(), assignee_id: newId() }],
    );
    expect(statuses(results)).toEqual(Array(3).fill('validation:assignee_unknown'));
    expect((await reportRow(id)).assigneeId).toBeNull();
    expect(await events(id)).toEqual([]);
  });

  it('is the admin’s alone', async () => {
    const id = newId();
    await f.staff.push([
      'report.create',
      { id, area_id: f.areaId, work_type: 'repair', description: 'Pompa' },
    ]);
    const { results } = await f.staff.push([
      'report.set_job',
      { id, event_id: newId(), priority: 'urgent' },
    ]);
    expect(statuses(results)).toEqual(['forbidden:job_forbidden']);
  });
});

describe('report.set_status on a job', () => {
  it('needs an after photo where there are before photos, counting the photos queued ahead', async () => {
    const id = await queued();
    await f.admin.push(['report.set_job', { id, event_id: newId(), assignee_id: techId }]);
    await f.staff.attachPhoto(id, 'before', jpegBytes(1500, 1));
    const refused = await f.staff.push([
      'report.set_status',
      { id, status: 'completed', event_id: newId() },
    ]);
    expect(refused.results[0]).toMatchObject({
      status: 'rejected',
      code: 'invalid_transition',
      reason: { code: 'after_photo_required' },
      field_reasons: { status: [{ code: 'after_photo_required' }] },
    });
    expect((await reportRow(id)).status).toBe('pending');
    // The after photo and the completion in one batch, in the order the phone queued them.
    const photo = newId();
    const bytes = jpegBytes(1500, 2);
    expect((await uploadPhoto(f.t, f.staff.token, photo, bytes)).status).toBe(201);
    const done = await f.staff.push(
      [
        'photo.attach',
        {
          id: photo,
          report_id: id,
          kind: 'after',
          sha256: sha256(bytes),
          mime_type: 'image/jpeg',
          size_bytes: bytes.byteLength,
        },
      ],
      ['report.set_status', { id, status: 'completed', event_id: newId() }],
    );
    expect(statuses(done.results)).toEqual(['applied', 'applied']);
    expect((await reportRow(id)).status).toBe('completed');
  });

  it('lets an admin close a job checked in person without an after photo', async () => {
    const id = await queued();
    await f.admin.attachPhoto(id, 'before', jpegBytes(1500, 3));
    const { results } = await f.admin.push([
      'report.set_status',
      { id, status: 'completed', event_id: newId() },
    ]);
    expect(statuses(results)).toEqual(['applied']);
  });

  it('dates the completion by the device, clears it on reopening, and stores each event once', async () => {
    const id = newId();
    await f.staff.push([
      'report.create',
      { id, area_id: f.areaId, work_type: 'repair', description: 'Kipas' },
    ]);
    const at = new Date().toISOString();
    const completion = { id, status: 'completed', event_id: newId(), at };
    expect(statuses((await f.staff.push(['report.set_status', completion])).results)).toEqual([
      'applied',
    ]);
    expect((await reportRow(id)).completedAt).toBe(at);
    // The same entry from the app reinstalled (a new client id): its event is there already.
    const reinstalled = new TestDevice(f.t, f.staff.token);
    expect(statuses((await reinstalled.push(['report.set_status', completion])).results)).toEqual([
      'applied',
    ]);
    expect((await events(id)).map((e) => [e.kind, e.changes, e.kept])).toEqual([
      ['status', { status: ['pending', 'completed'] }, false],
    ]);
    // Someone else's event id is taken: refused, nothing changes.
    const taken = await f.admin.push([
      'report.set_status',
      { id, status: 'in_progress', event_id: completion.event_id },
    ]);
    expect(statuses(taken.results)).toEqual(['conflict:id_taken']);
    await f.admin.push(['report.set_status', { id, status: 'in_progress', event_id: newId() }]);
    expect(await reportRow(id)).toMatchObject({ status: 'in_progress', completedAt: null });
  });

  it('gives an entry of an app from before timelines an event of the server’s making', async () => {
    const id = newId();
    await f.staff.push(
      ['report.create', { id, area_id: f.areaId, work_type: 'repair', description: 'Kran' }],
      ['report.set_status', { id, status: 'in_progress' }],
    );
    expect((await events(id)).map((e) => [e.kind, e.actorId, e.changes])).toEqual([
      ['status', techId, { status: ['pending', 'in_progress'] }],
    ]);
  });

  it('bounds event times as filing times: not ahead of the server, not before the user', async () => {
    const id = newId();
    await f.staff.push([
      'report.create',
      { id, area_id: f.areaId, work_type: 'repair', description: 'Genteng' },
    ]);
    const ahead = new Date(Date.now() + FILING_CLOCK_SKEW_MS + 3_600_000).toISOString();
    const before = '2020-01-01T00:00:00.000Z';
    await f.staff.push(
      ['report.set_status', { id, status: 'in_progress', event_id: newId(), at: ahead }],
      ['comment.create', { id: newId(), report_id: id, body: 'Lama', at: before }],
    );
    const [started, commented] = await events(id);
    const [tech] = await f.t.db.select().from(users).where(eq(users.id, techId));
    expect(started?.occurredAt).toBe(started?.createdAt);
    expect(commented?.occurredAt).toBe(tech?.createdAt);
  });
});

describe('a job taken from its reporter', () => {
  it('keeps the reporter’s completion, photos and comments, marked kept', async () => {
    // One's own work, reassigned by the admin while the reporter was offline doing it.
    const id = newId();
    await f.staff.push([
      'report.create',
      { id, area_id: f.areaId, work_type: 'repair', description: 'Pintu macet' },
    ]);
    await f.staff.push(['report.set_status', { id, status: 'in_progress', event_id: newId() }]);
    const other = await f.t.signIn('technician');
    await f.admin.push(['report.set_job', { id, event_id: newId(), assignee_id: other.user.id }]);
    const photo = await f.staff.attachPhoto(id, 'after', jpegBytes(1500, 9));
    expect(photo.result?.status).toBe('applied');
    const { results } = await f.staff.push(
      ['comment.create', { id: newId(), report_id: id, body: 'Sudah saya perbaiki' }],
      ['report.set_status', { id, status: 'completed', event_id: newId() }],
    );
    expect(statuses(results)).toEqual(['applied', 'applied']);
    expect((await reportRow(id)).status).toBe('completed');
    expect((await events(id)).map((e) => [e.kind, e.actorId, e.kept])).toEqual([
      ['status', techId, false],
      ['job', adminId, false],
      // A reporter may always comment; the completion was the job of someone else by then.
      ['comment', techId, false],
      ['status', techId, true],
    ]);
    // The photo went to the report's current holders: its reporter and new assignee.
    const [row] = await f.t.db.select().from(reportPhotos).where(eq(reportPhotos.id, photo.id));
    expect(row).toMatchObject({ reporterId: techId, assigneeId: other.user.id });
    // No release: a reporter keeps sight of their own report.
    expect(await f.t.db.select().from(reportReleases)).toEqual([]);
  });
});

describe('comment.create', () => {
  it('stores a comment exactly once, whoever sends it again, and refuses a taken id', async () => {
    const id = newId();
    await f.staff.push([
      'report.create',
      { id, area_id: f.areaId, work_type: 'repair', description: 'Wastafel' },
    ]);
    const comment = { id: newId(), report_id: id, body: '  Butuh sparepart.  ' };
    const first = new TestDevice(f.t, f.staff.token);
    const second = new TestDevice(f.t, f.staff.token);
    const batch = [first.envelope('comment.create', comment)];
    expect(
      statuses(
        ((await (await first.pushRaw(batch)).json()) as { results: MutationResult[] }).results,
      ),
    ).toEqual(['applied']);
    // The same batch again (a lost answer): the ledger's duplicate.
    expect(
      statuses(
        ((await (await first.pushRaw(batch)).json()) as { results: MutationResult[] }).results,
      ),
    ).toEqual(['duplicate']);
    // The same comment from a reinstalled app: applied, once.
    expect(statuses((await second.push(['comment.create', comment])).results)).toEqual(['applied']);
    // Its id on someone else's comment: taken.
    expect(statuses((await f.admin.push(['comment.create', comment])).results)).toEqual([
      'conflict:id_taken',
    ]);
    expect((await events(id)).map((e) => [e.kind, e.body, e.actorId])).toEqual([
      ['comment', 'Butuh sparepart.', techId],
    ]);
  });

  it('is for those the job concerns, on a live report', async () => {
    const id = newId();
    await f.admin.push([
      'report.create',
      { id, area_id: f.areaId, work_type: 'repair', description: 'Atap', unassigned: true },
    ]);
    const { results } = await f.staff.push([
      'comment.create',
      { id: newId(), report_id: id, body: 'Boleh saya bantu?' },
    ]);
    expect(statuses(results)).toEqual(['forbidden:job_forbidden']);
    await f.admin.push(['report.delete', { id }]);
    const gone = await f.admin.push([
      'comment.create',
      { id: newId(), report_id: id, body: 'Terlambat' },
    ]);
    expect(statuses(gone.results)).toEqual(['not_found:report_not_found']);
  });
});

describe('report.delete', () => {
  it('turns the timeline into tombstones with the report', async () => {
    const id = newId();
    await f.staff.push(
      ['report.create', { id, area_id: f.areaId, work_type: 'repair', description: 'Pagar' }],
      ['comment.create', { id: newId(), report_id: id, body: 'Mulai besok' }],
    );
    await f.admin.push(['report.delete', { id }]);
    expect((await events(id)).map((e) => e.deletedAt !== null)).toEqual([true]);
  });
});
