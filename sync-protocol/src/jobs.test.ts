import { describe, expect, it } from 'vitest';
import {
  JOB_ACTIONS,
  completedOnTime,
  dueInstant,
  isOverdue,
  jobActions,
  judgeHandBack,
  judgeStatusChange,
  keepsFieldWork,
  schoolDay,
  taskBucket,
  type JobAction,
  type JobActor,
  type JobState,
} from './jobs.js';
import { JOB_TABLE } from './jobs-table.js';
import { REPORT_STATUSES, type ReportStatus } from './vocabulary.js';

const WIB = 7 * 60;
const job = (over: Partial<JobState> = {}): JobState => ({
  status: 'pending',
  reporter_id: 'rep',
  assignee_id: 'tech',
  before_photos: 0,
  after_photos: 0,
  ...over,
});
const admin: JobActor = { id: 'adm', role: 'admin' };
const assignee: JobActor = { id: 'tech', role: 'technician' };
const reporter: JobActor = { id: 'rep', role: 'custodian' };
const former: JobActor = { id: 'old', role: 'technician', formerAssignee: true };
const other: JobActor = { id: 'x', role: 'gardener' };

/*
 * Decision 028's table, written out again as data (jobs-table.ts), status by status: the
 * function must give exactly these sets, no more.
 */
const TABLE: Record<string, Record<ReportStatus, readonly JobAction[]>> = {
  admin: JOB_TABLE.admin,
  assignee: JOB_TABLE.assignee,
  reporter: JOB_TABLE.reporter,
  former: JOB_TABLE.former_assignee,
  other: JOB_TABLE.other,
};
const ACTORS: Record<string, JobActor> = { admin, assignee, reporter, former, other };

describe('jobActions: the table of decision 028', () => {
  for (const [who, byStatus] of Object.entries(TABLE)) {
    for (const status of REPORT_STATUSES) {
      it(`${who} on a ${status} job`, () => {
        const got = jobActions(job({ status }), ACTORS[who] as JobActor);
        expect([...got].sort()).toEqual([...byStatus[status]].sort());
        for (const action of JOB_ACTIONS)
          expect(got.has(action)).toBe(byStatus[status].includes(action));
      });
    }
  }

  it('a report of one own work stays editable and cancellable by its reporter-assignee', () => {
    const own = job({ reporter_id: 'tech', assignee_id: 'tech', status: 'in_progress' });
    expect(jobActions(own, assignee).has('edit')).toBe(true);
    expect(jobActions(own, assignee).has('cancel')).toBe(true);
    expect(jobActions({ ...own, status: 'pending' }, assignee).has('cancel')).toBe(true);
    expect(jobActions({ ...own, status: 'completed' }, assignee).has('cancel')).toBe(false);
    expect(judgeStatusChange(own, 'cancelled', assignee)).toEqual({ outcome: 'apply' });
    expect(jobActions(job({ status: 'in_progress' }), assignee).has('edit')).toBe(false);
    expect(jobActions(job({ status: 'in_progress' }), assignee).has('cancel')).toBe(false);
  });

  it('an unassigned job in the queue: the reporter may still cancel it, no one starts it but the admin', () => {
    const queued = job({ assignee_id: null });
    expect(jobActions(queued, reporter).has('cancel')).toBe(true);
    expect(jobActions(queued, other).has('start')).toBe(false);
    expect(jobActions(queued, admin).has('start')).toBe(true);
  });
});

describe('judgeStatusChange: what arrives after the job moved on', () => {
  it('the assignee completes an open job; with before photos only with an after photo', () => {
    expect(judgeStatusChange(job({ status: 'in_progress' }), 'completed', assignee)).toEqual({
      outcome: 'apply',
    });
    expect(judgeStatusChange(job({ before_photos: 1 }), 'completed', assignee)).toEqual({
      outcome: 'refuse',
      code: 'after_photo_required',
    });
    expect(
      judgeStatusChange(job({ before_photos: 1, after_photos: 1 }), 'completed', assignee),
    ).toEqual({
      outcome: 'apply',
    });
    // An admin closes a job checked in person.
    expect(judgeStatusChange(job({ before_photos: 1 }), 'completed', admin)).toEqual({
      outcome: 'apply',
    });
  });

  it('a completion by someone the job was taken from is applied, even over a cancellation', () => {
    const taken = job({ assignee_id: 'new', status: 'in_progress' });
    expect(judgeStatusChange(taken, 'completed', former)).toEqual({ outcome: 'apply' });
    expect(judgeStatusChange({ ...taken, status: 'cancelled' }, 'completed', former)).toEqual({
      outcome: 'apply',
    });
    expect(judgeStatusChange({ ...taken, status: 'cancelled' }, 'completed', assignee)).toEqual({
      outcome: 'refuse',
      code: 'forbidden',
    });
  });

  it('a second completion is kept, not applied again', () => {
    expect(judgeStatusChange(job({ status: 'completed' }), 'completed', assignee)).toEqual({
      outcome: 'keep',
    });
    expect(
      judgeStatusChange(job({ status: 'completed', assignee_id: 'new' }), 'completed', former),
    ).toEqual({
      outcome: 'keep',
    });
  });

  it('a start overtaken by events changes nothing', () => {
    expect(judgeStatusChange(job({ assignee_id: 'new' }), 'in_progress', former)).toEqual({
      outcome: 'ignore',
    });
    for (const status of ['in_progress', 'completed', 'cancelled'] as const) {
      expect(judgeStatusChange(job({ status }), 'in_progress', assignee)).toEqual({
        outcome: 'ignore',
      });
    }
  });

  it('refuses what the table forbids', () => {
    expect(judgeStatusChange(job(), 'cancelled', assignee)).toEqual({
      outcome: 'refuse',
      code: 'invalid_transition',
    });
    expect(judgeStatusChange(job(), 'in_progress', other)).toEqual({
      outcome: 'refuse',
      code: 'forbidden',
    });
    expect(judgeStatusChange(job({ status: 'completed' }), 'cancelled', admin)).toEqual({
      outcome: 'refuse',
      code: 'invalid_transition',
    });
    expect(judgeStatusChange(job({ status: 'completed' }), 'in_progress', admin)).toEqual({
      outcome: 'apply',
    });
    expect(judgeStatusChange(job({ status: 'completed' }), 'pending', admin)).toEqual({
      outcome: 'refuse',
      code: 'invalid_transition',
    });
    expect(judgeStatusChange(job(), 'cancelled', reporter)).toEqual({ outcome: 'apply' });
    expect(judgeStatusChange(job({ status: 'in_progress' }), 'cancelled', reporter)).toEqual({
      outcome: 'refuse',
      code: 'invalid_transition',
    });
  });

  it('a repeat of the current status is ignored', () => {
    expect(judgeStatusChange(job({ status: 'cancelled' }), 'cancelled', admin)).toEqual({
      outcome: 'ignore',
    });
  });
});

describe('a reporter the job was taken from', () => {
  // Their own work, assigned to them as every such report is, then reassigned by the admin.
  const taken = job({ reporter_id: 'old', assignee_id: 'new', status: 'in_progress' });
  const reporterFormer: JobActor = { ...former, id: 'old' };

  it('is still its reporter for what a reporter may do', () => {
    expect(jobActions({ ...taken, status: 'pending' }, reporterFormer).has('cancel')).toBe(true);
    expect(jobActions(taken, reporterFormer).has('edit')).toBe(false);
  });

  it('has its field work kept as any former assignee', () => {
    expect(judgeStatusChange(taken, 'completed', reporterFormer)).toEqual({ outcome: 'apply' });
    expect(
      judgeStatusChange({ ...taken, status: 'completed' }, 'completed', reporterFormer),
    ).toEqual({ outcome: 'keep' });
    expect(judgeStatusChange(taken, 'in_progress', reporterFormer)).toEqual({ outcome: 'ignore' });
    expect(keepsFieldWork(taken, reporterFormer, 'photos')).toBe(true);
    // Without the server's word that it was taken from them, a reporter of a job in progress
    // adds no photo and closes nothing.
    const reporterOnly: JobActor = { id: 'old', role: 'technician' };
    expect(keepsFieldWork(taken, reporterOnly, 'photos')).toBe(false);
    expect(judgeStatusChange(taken, 'completed', reporterOnly)).toEqual({
      outcome: 'refuse',
      code: 'invalid_transition',
    });
  });
});

describe('hand back and kept field work', () => {
  it('only the assignee of an open job hands it back', () => {
    expect(judgeHandBack(job(), assignee)).toBe('apply');
    expect(judgeHandBack(job({ status: 'completed' }), assignee)).toBe('ignore');
    expect(judgeHandBack(job({ assignee_id: 'new' }), former)).toBe('ignore');
  });

  it('photos and comments of a former assignee are kept, of a stranger refused', () => {
    const taken = job({ assignee_id: 'new', status: 'in_progress' });
    expect(keepsFieldWork(taken, former, 'photos')).toBe(true);
    expect(keepsFieldWork(taken, former, 'comment')).toBe(true);
    expect(keepsFieldWork(taken, other, 'comment')).toBe(false);
    expect(keepsFieldWork(taken, reporter, 'photos')).toBe(false);
    expect(keepsFieldWork(taken, reporter, 'comment')).toBe(true);
  });
});

describe('due dates in the school calendar', () => {
  it('a date alone is due at the end of that school day', () => {
    // 2026-12-02 ends at 2026-12-02T17:00:00Z in WIB.
    expect(dueInstant('2026-12-02', null, WIB)).toBe(Date.parse('2026-12-02T17:00:00Z'));
    expect(dueInstant('2026-12-02', '08:30', WIB)).toBe(Date.parse('2026-12-02T01:30:00Z'));
    expect(dueInstant('2026-02-30', null, WIB)).toBeNull();
    expect(dueInstant(null, '08:00', WIB)).toBeNull();
  });

  it('overdue is derived: due passed and not done', () => {
    const due = { status: 'pending' as const, due_date: '2026-12-02', due_time: '08:30' };
    expect(isOverdue(due, Date.parse('2026-12-02T01:29:59Z'), WIB)).toBe(false);
    expect(isOverdue(due, Date.parse('2026-12-02T01:30:00Z'), WIB)).toBe(true);
    expect(
      isOverdue({ ...due, status: 'completed' }, Date.parse('2026-12-09T00:00:00Z'), WIB),
    ).toBe(false);
    expect(isOverdue({ ...due, due_date: null }, Date.parse('2030-01-01T00:00:00Z'), WIB)).toBe(
      false,
    );
  });

  it('buckets: today is the school day, not UTC day', () => {
    const now = Date.parse('2026-12-02T18:30:00Z'); // 01:30 on 3 December in WIB
    expect(schoolDay(now, WIB)).toBe('2026-12-03');
    expect(
      taskBucket({ status: 'pending', due_date: '2026-12-03', due_time: null }, now, WIB),
    ).toBe('today');
    expect(
      taskBucket({ status: 'pending', due_date: '2026-12-02', due_time: null }, now, WIB),
    ).toBe('overdue');
    expect(taskBucket({ status: 'in_progress', due_date: null, due_time: null }, now, WIB)).toBe(
      'upcoming',
    );
    expect(
      taskBucket({ status: 'cancelled', due_date: '2026-12-01', due_time: null }, now, WIB),
    ).toBe('done');
  });

  it('on time: completed at or before the due instant', () => {
    const j = { due_date: '2026-12-02', due_time: null };
    expect(completedOnTime({ ...j, completed_at: '2026-12-02T23:59:00+07:00' }, WIB)).toBe(true);
    expect(completedOnTime({ ...j, completed_at: '2026-12-03T00:00:01+07:00' }, WIB)).toBe(false);
    expect(completedOnTime({ ...j, completed_at: null }, WIB)).toBeNull();
    expect(
      completedOnTime(
        { due_date: null, due_time: null, completed_at: '2026-12-03T00:00:01Z' },
        WIB,
      ),
    ).toBeNull();
  });
});
