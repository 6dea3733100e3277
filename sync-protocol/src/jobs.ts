import type { AccountRole } from './roles.js';
import type { ReportStatus } from './vocabulary.js';

/*
 * Jobs on reports (issue 40, docs/decisions/028-jobs-on-reports.md): who may do what with a
 * job, how a status change that arrives after the job moved on is judged, and when a job is
 * overdue. One module for the server that enforces it and the phone that offers it. No zod:
 * `/tasks` and the report detail import it on the phone's first screens.
 */

export const REPORT_ORIGINS = ['staff', 'poster'] as const;
export type ReportOrigin = (typeof REPORT_ORIGINS)[number];

export const REPORT_EVENT_KINDS = ['job', 'status', 'hand_back', 'comment'] as const;
export type ReportEventKind = (typeof REPORT_EVENT_KINDS)[number];

/** The fields a `job` or `status` event records as `[from, to]`. */
export const JOB_FIELDS = ['assignee_id', 'priority', 'due_date', 'due_time', 'status'] as const;
export type JobField = (typeof JOB_FIELDS)[number];

/** Everything a decision about a job reads. */
export interface JobState {
  status: ReportStatus;
  reporter_id: string;
  assignee_id: string | null;
  /** Live photos of the report by kind: the completion rule reads them. */
  before_photos: number;
  after_photos: number;
}

export interface JobActor {
  id: string;
  role: AccountRole;
  /**
   * The job was once assigned to this actor and has been taken from them. Only the server knows
   * (from the timeline); the phone never holds a job taken from its user, so it passes false.
   */
  formerAssignee?: boolean;
}

export type JobRelation = 'admin' | 'assignee' | 'reporter' | 'former_assignee' | 'other';

export const JOB_ACTIONS = [
  'plan',
  'start',
  'complete',
  'hand_back',
  'cancel',
  'reopen',
  'edit',
  'photos',
  'comment',
] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

export function jobRelation(
  job: Pick<JobState, 'reporter_id' | 'assignee_id'>,
  actor: JobActor,
): JobRelation {
  if (actor.role === 'admin') return 'admin';
  if (job.assignee_id !== null && job.assignee_id === actor.id) return 'assignee';
  if (job.reporter_id === actor.id) return 'reporter';
  if (actor.formerAssignee === true) return 'former_assignee';
  return 'other';
}

const OPEN: readonly ReportStatus[] = ['pending', 'in_progress'];
const DONE: readonly ReportStatus[] = ['completed', 'cancelled'];
const isOpen = (status: ReportStatus) => OPEN.includes(status);
const isDone = (status: ReportStatus) => DONE.includes(status);

/**
 * The actions `actor` may take on `job` now: the table of decision 028. The completion's photo
 * rule is not part of it (the action is allowed, `completionBlocker` says what it still needs).
 */
export function jobActions(job: JobState, actor: JobActor): Set<JobAction> {
  const actions = new Set<JobAction>();
  const { status } = job;
  switch (jobRelation(job, actor)) {
    case 'admin':
      actions.add('plan').add('edit').add('photos').add('comment');
      if (status === 'pending') actions.add('start');
      if (isOpen(status)) actions.add('complete').add('cancel');
      if (isDone(status)) actions.add('reopen');
      break;
    case 'assignee':
      actions.add('photos').add('comment');
      if (status === 'pending') actions.add('start');
      if (isOpen(status)) actions.add('complete').add('hand_back');
      // A report of one's own work stays editable, and cancellable while open, by its reporter,
      // as every report was before jobs.
      if (job.reporter_id === actor.id) {
        actions.add('edit');
        if (isOpen(status)) actions.add('cancel');
      }
      break;
    case 'reporter':
      actions.add('comment');
      if (status === 'pending') actions.add('edit').add('photos').add('cancel');
      break;
    case 'former_assignee':
    case 'other':
      break;
  }
  return actions;
}

export function canDoJob(action: JobAction, job: JobState, actor: JobActor): boolean {
  return jobActions(job, actor).has(action);
}

/**
 * The job was taken from `actor`, who holds it no more: a former assignee, whatever else they
 * are to it. A reporter can be one (every report of one's own work is assigned to its reporter,
 * and an admin may reassign it); their field work is kept as anyone's the job was taken from.
 */
export function wasTakenFrom(
  job: Pick<JobState, 'reporter_id' | 'assignee_id'>,
  actor: JobActor,
): boolean {
  const relation = jobRelation(job, actor);
  return actor.formerAssignee === true && relation !== 'admin' && relation !== 'assignee';
}

/** The action a status change is, or null when no action moves `from` to `to`. */
export function statusChangeAction(from: ReportStatus, to: ReportStatus): JobAction | null {
  if (from === to) return null;
  if (to === 'in_progress') return from === 'pending' ? 'start' : 'reopen';
  if (to === 'completed') return isOpen(from) ? 'complete' : null;
  if (to === 'cancelled') return isOpen(from) ? 'cancel' : null;
  return null;
}

/** Why a completion cannot go ahead yet: before photos and no after photo, for non-admins. */
export function completionBlocker(
  job: Pick<JobState, 'before_photos' | 'after_photos'>,
  actor: Pick<JobActor, 'role'>,
): 'after_photo_required' | null {
  if (actor.role === 'admin') return null;
  return job.before_photos > 0 && job.after_photos === 0 ? 'after_photo_required' : null;
}

export type StatusJudgement =
  /** Write the new status (and its event). */
  | { outcome: 'apply' }
  /** Keep the work as an event (`kept`), leave the status as it is. */
  | { outcome: 'keep' }
  /** Nothing to do and nothing to record: a repeat, or a change overtaken by events. */
  | { outcome: 'ignore' }
  | { outcome: 'refuse'; code: 'invalid_transition' | 'forbidden' | 'after_photo_required' };

/**
 * A status change as the server judges it on arrival, against the job as it is then, not as the
 * phone saw it (decision 028, "Convergence"). The phone asks the same of its local copy before it
 * queues, so what it offers is what the server would accept now.
 */
export function judgeStatusChange(
  job: JobState,
  to: ReportStatus,
  actor: JobActor,
): StatusJudgement {
  const relation = jobRelation(job, actor);
  const takenFrom = wasTakenFrom(job, actor);
  const fieldWorker = relation === 'assignee' || takenFrom;
  if (to === 'completed' && fieldWorker) {
    // Done is done: the work in the field is never thrown away by a change made meanwhile.
    if (job.status === 'completed') return { outcome: 'keep' };
    if (completionBlocker(job, actor) !== null) {
      return { outcome: 'refuse', code: 'after_photo_required' };
    }
    return { outcome: 'apply' };
  }
  // A start queued by someone the job was taken from meanwhile: overtaken, not an error.
  if (takenFrom && to === 'in_progress') return { outcome: 'ignore' };
  if (relation === 'other' || relation === 'former_assignee') {
    return { outcome: 'refuse', code: 'forbidden' };
  }
  if (job.status === to) return { outcome: 'ignore' };
  if (to === 'in_progress' && relation === 'assignee' && job.status !== 'pending') {
    return { outcome: 'ignore' };
  }
  const action = statusChangeAction(job.status, to);
  if (action === null) return { outcome: 'refuse', code: 'invalid_transition' };
  if (!canDoJob(action, job, actor)) return { outcome: 'refuse', code: 'invalid_transition' };
  if (action === 'complete' && completionBlocker(job, actor) !== null) {
    return { outcome: 'refuse', code: 'after_photo_required' };
  }
  return { outcome: 'apply' };
}

/**
 * A hand back as judged on arrival: the assignee's, of a job still open, unassigns it and puts
 * it back to `pending`; from anyone else (the job was taken from them meanwhile) or of a job
 * done, it changes nothing.
 */
export function judgeHandBack(job: JobState, actor: JobActor): 'apply' | 'ignore' {
  return jobRelation(job, actor) === 'assignee' && isOpen(job.status) ? 'apply' : 'ignore';
}

/** Field work from someone the job was taken from is kept (decision 028): photos, comments. */
export function keepsFieldWork(
  job: JobState,
  actor: JobActor,
  action: 'photos' | 'comment',
): boolean {
  return canDoJob(action, job, actor) || wasTakenFrom(job, actor);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isDueDate(value: string): boolean {
  const m = DATE.exec(value);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function isDueTime(value: string): boolean {
  return TIME.test(value);
}

/**
 * The instant a job is due, in ms since the epoch: `due_time` on `due_date` in the school's
 * calendar (`offsetMinutes` east of UTC, SCHOOL_UTC_OFFSET), or the end of that day (the first
 * instant of the next) without a time. Null without a due date or with a malformed one.
 */
export function dueInstant(
  dueDate: string | null,
  dueTime: string | null,
  offsetMinutes: number,
): number | null {
  if (dueDate === null || !isDueDate(dueDate)) return null;
  const [y, mo, d] = dueDate.split('-').map(Number) as [number, number, number];
  const time = dueTime !== null ? TIME.exec(dueTime) : null;
  const minutes = time === null ? 24 * 60 : Number(time[1]) * 60 + Number(time[2]);
  return Date.UTC(y, mo - 1, d) + (minutes - offsetMinutes) * 60_000;
}

export interface DueJob {
  status: ReportStatus;
  due_date: string | null;
  due_time: string | null;
}

/** Overdue: due passed and neither completed nor cancelled. Derived, never stored. */
export function isOverdue(job: DueJob, nowMs: number, offsetMinutes: number): boolean {
  if (isDone(job.status)) return false;
  const due = dueInstant(job.due_date, job.due_time, offsetMinutes);
  return due !== null && due <= nowMs;
}

/** The day `ms` falls on in the school's calendar, as `YYYY-MM-DD`. */
export function schoolDay(ms: number, offsetMinutes: number): string {
  return new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The `/tasks` section a job falls in: overdue, due today, or upcoming (later or no date). */
export function taskBucket(
  job: DueJob,
  nowMs: number,
  offsetMinutes: number,
): 'overdue' | 'today' | 'upcoming' | 'done' {
  if (isDone(job.status)) return 'done';
  if (isOverdue(job, nowMs, offsetMinutes)) return 'overdue';
  return job.due_date === schoolDay(nowMs, offsetMinutes) ? 'today' : 'upcoming';
}

/** Whether a job with due date was completed in time (the on-time rate of analytics). */
export function completedOnTime(
  job: { due_date: string | null; due_time: string | null; completed_at: string | null },
  offsetMinutes: number,
): boolean | null {
  const due = dueInstant(job.due_date, job.due_time, offsetMinutes);
  if (due === null || job.completed_at === null) return null;
  const done = Date.parse(job.completed_at);
  return Number.isNaN(done) ? null : done <= due;
}
