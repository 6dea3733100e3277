import {
  canDoJob,
  jobRelation,
  keepsFieldWork,
  newId,
  reason,
  type JobAction,
  type JobActor,
  type JobChanges,
  type JobState,
  type ReportEventKind,
  type ReportStatus,
} from '@urs/sync-protocol';
import type { Tx } from '../../db/handles.js';
import type { reports } from '../../db/schema.js';
import { currentEngine } from '../../db/dialect.js';
import { rowsOf, run } from '../../db/statement.js';
import type { SchoolActor } from '../../auth/policy.js';
import { Refusal, refuse } from '../refusal.js';
import { boundFilingTime } from '../filing-time.js';
import type { MutationContext } from './context.js';

/*
 * A report as a job (docs/decisions/028-jobs-on-reports.md), for the push handlers: what the
 * contract's decisions read (sync-protocol's jobActions, judgeStatusChange, ...), the timeline
 * events the mutations write, and how a job changes hands. The rules themselves are the
 * contract's; this module only reads and writes what they need.
 *
 * Every statement here is plain SQL run through db/statement.ts, prepared once per connection
 * (SQLite) or a named statement (PostgreSQL), as report.create's are: a push batch runs them
 * for every job mutation, and drizzle's builder, built and prepared anew per call, made a job
 * mutation ten to forty times a report's cost (docs/performance-log.md, 2026-12-03).
 */

/** The columns of a report that the job mutations read. */
export type ReportRow = Pick<
  typeof reports.$inferSelect,
  'id' | 'reporterId' | 'assigneeId' | 'status' | 'priority' | 'dueDate' | 'dueTime' | 'description'
>;

const REPORT_COLUMNS = `reports.id, reports.reporter_id AS "reporterId", reports.assignee_id AS "assigneeId", reports.status, reports.priority, reports.due_date AS "dueDate", reports.due_time AS "dueTime", reports.description`;

const LIVE_REPORT = `SELECT ${REPORT_COLUMNS}
  FROM reports WHERE reports.id = ? AND reports.school_id = ? AND reports.deleted_at IS NULL`;

/**
 * Whether the report has any photos or events (removed ones too), which a hand-over would give
 * the new holder: read with the report itself, so that a job planned before any photo or event
 * exists (a new report from the admin's queue) skips the hand-over's statements on that table.
 */
export interface ReportHistory {
  hasPhotos: boolean;
  hasEvents: boolean;
}

/**
 * Who already holds the event id a job mutation chose (none if it is free), read with the report
 * in the same statement: a LEFT JOIN on the event's primary key, by id alone as eventOwner does.
 * The statement used to be a SELECT of its own per job mutation.
 */
export interface EventClaim {
  takenBy: { actorId: string; reportId: string } | undefined;
}

/** `taken`: the event row holding the mutation's event id, if any (the first `?`). */
const TAKEN_EVENT = `LEFT JOIN report_events AS taken ON taken.id = ?`;
const TAKEN_COLUMNS = `taken.actor_id AS "takenActorId", taken.report_id AS "takenReportId"`;

const LIVE_REPORT_EVENT = `SELECT ${REPORT_COLUMNS}, ${TAKEN_COLUMNS}
  FROM reports ${TAKEN_EVENT}
  WHERE reports.id = ? AND reports.school_id = ? AND reports.deleted_at IS NULL`;

/**
 * The job with its history, the event claim, and whether the user the plan names (the first
 * `?`; null for none) is a live user of the school, as assertAssignable reads it.
 */
const LIVE_JOB = `SELECT ${REPORT_COLUMNS},
    EXISTS (SELECT 1 FROM report_photos WHERE report_id = reports.id) AS "hasPhotos",
    EXISTS (SELECT 1 FROM report_events WHERE report_id = reports.id) AS "hasEvents",
    EXISTS (SELECT 1 FROM users WHERE users.id = ? AND users.school_id = reports.school_id AND users.deleted_at IS NULL) AS "assignable",
    ${TAKEN_COLUMNS}
  FROM reports ${TAKEN_EVENT}
  WHERE reports.id = ? AND reports.school_id = ? AND reports.deleted_at IS NULL`;

interface TakenColumns {
  takenActorId: string | null;
  takenReportId: string | null;
}

/** The claim of a row read with TAKEN_COLUMNS. */
function claimOf(row: TakenColumns): EventClaim['takenBy'] {
  return row.takenActorId === null || row.takenReportId === null
    ? undefined
    : { actorId: row.takenActorId, reportId: row.takenReportId };
}

/** The report's own columns of a row read with more (a copy without the row's extra columns). */
function reportOf(row: ReportRow): ReportRow {
  return {
    id: row.id,
    reporterId: row.reporterId,
    assigneeId: row.assigneeId,
    status: row.status,
    priority: row.priority,
    dueDate: row.dueDate,
    dueTime: row.dueTime,
    description: row.description,
  };
}

/** A job read for a plan or a hand-back: its history, its event claim, its new assignee. */
export type LiveJob = ReportRow & ReportHistory & EventClaim & { assignable: boolean };

/**
 * liveReport, with its history, for a mutation that may hand the job over; with who holds
 * `eventId` and whether `assigneeId` (null: no one) may be given the job, all in one statement.
 */
export async function liveJob(
  tx: Tx,
  schoolId: string,
  id: string,
  eventId: string,
  assigneeId: string | null,
): Promise<LiveJob> {
  // SQLite answers EXISTS as 0 or 1, PostgreSQL as a boolean.
  const [row] = await rowsOf<
    ReportRow & Record<keyof ReportHistory | 'assignable', boolean | number> & TakenColumns
  >(tx, LIVE_JOB, assigneeId, eventId, id, schoolId);
  if (row === undefined) throw refuse.notFound(reason('report_not_found'));
  return {
    ...reportOf(row),
    hasPhotos: Boolean(row.hasPhotos),
    hasEvents: Boolean(row.hasEvents),
    assignable: Boolean(row.assignable),
    takenBy: claimOf(row),
  };
}

/** liveReport with who holds `eventId` (undefined: an entry of an older app, none sent). */
export async function liveReportClaiming(
  tx: Tx,
  schoolId: string,
  id: string,
  eventId: string | undefined,
): Promise<ReportRow & EventClaim> {
  const [row] = await rowsOf<ReportRow & TakenColumns>(
    tx,
    LIVE_REPORT_EVENT,
    eventId ?? null,
    id,
    schoolId,
  );
  if (row === undefined) throw refuse.notFound(reason('report_not_found'));
  return {
    ...reportOf(row),
    takenBy: claimOf(row),
  };
}

/** The live report of the school; another school's is as missing as a deleted one. */
export async function liveReport(tx: Tx, schoolId: string, id: string): Promise<ReportRow> {
  const [row] = await rowsOf<ReportRow>(tx, LIVE_REPORT, id, schoolId);
  if (row === undefined) throw refuse.notFound(reason('report_not_found'));
  return row;
}

/** The refusal of an action the table of decision 028 does not give the actor. */
export const jobForbidden = () => new Refusal('forbidden', reason('job_forbidden'));

/**
 * The job as the contract reads it. The live photos by kind are counted only for a completion
 * (the one decision that reads them): `withPhotos` false leaves them at 0.
 */
export async function jobStateOf(tx: Tx, report: ReportRow, withPhotos = false): Promise<JobState> {
  const state: JobState = {
    status: report.status,
    reporter_id: report.reporterId,
    assignee_id: report.assigneeId,
    before_photos: 0,
    after_photos: 0,
  };
  if (!withPhotos) return state;
  const kinds = await rowsOf<{ kind: string; n: number | string }>(
    tx,
    'SELECT kind, COUNT(*) AS n FROM report_photos WHERE report_id = ? AND deleted_at IS NULL GROUP BY kind',
    report.id,
  );
  // PostgreSQL's COUNT is a bigint, which pg hands over as a string.
  for (const { kind, n } of kinds) {
    if (kind === 'before') state.before_photos = Number(n);
    else state.after_photos = Number(n);
  }
  return state;
}

/**
 * `"assignee_id":["<id>",` in an event's changes: the job went from that user to someone else
 * (or to no one). The JSON is JSON.stringify's (compact, keys as written), and ids are UUIDs, so
 * the text is exact; `_` is escaped for LIKE. Plain LIKE, which both engines read alike.
 */
const takenFromPattern = (userId: string) => `%"assignee\\_id":["${userId}",%`;

/**
 * Whether the job was ever taken from `userId`: a `job` or `hand_back` event of the report names
 * them as the assignee it changed from. Read from the report's own events (its index), and only
 * for an actor who neither administers nor holds the job, for whom it can change the answer.
 */
async function wasAssigneeOf(tx: Tx, reportId: string, userId: string): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    `SELECT 1 FROM report_events WHERE report_id = ? AND kind IN ('job', 'hand_back') AND changes LIKE ? ESCAPE '\\' LIMIT 1`,
    reportId,
    takenFromPattern(userId),
  );
  return rows.length > 0;
}

/**
 * The pusher as the contract's decisions see them, told whether the job was taken from them
 * (only the server knows, from the timeline). Looked up only for someone who neither
 * administers nor holds the job, for whom it can change the answer.
 */
export async function jobActorOf(
  tx: Tx,
  report: Pick<ReportRow, 'id' | 'reporterId' | 'assigneeId'>,
  actor: SchoolActor,
): Promise<JobActor> {
  const plain: JobActor = { id: actor.id, role: actor.role };
  const relation = jobRelation(
    { reporter_id: report.reporterId, assignee_id: report.assigneeId },
    plain,
  );
  if (relation === 'admin' || relation === 'assignee') return plain;
  return { ...plain, formerAssignee: await wasAssigneeOf(tx, report.id, actor.id) };
}

/**
 * Refuses an action the table does not give the actor, unless it is field work (photos, a
 * comment) of someone the job was taken from, which is kept (decision 028, "Convergence").
 * Answers whether it was accepted only as such.
 */
export async function authorizeJob(
  tx: Tx,
  report: ReportRow,
  state: JobState,
  actor: SchoolActor,
  action: JobAction,
): Promise<{ kept: boolean }> {
  if (canDoJob(action, state, { id: actor.id, role: actor.role })) return { kept: false };
  if (action === 'photos' || action === 'comment') {
    const jobActor = await jobActorOf(tx, report, actor);
    if (keepsFieldWork(state, jobActor, action)) return { kept: true };
  }
  throw jobForbidden();
}

/** A device's time for an event, bounded as a filing time is (decision 012). */
export async function eventTime(ctx: MutationContext, at: string | undefined): Promise<string> {
  return boundFilingTime(at ?? ctx.queuedAt, await ctx.filingBounds());
}

/**
 * Whether an event id the device chose is already taken: by this very change, sent again (from
 * a reinstalled app, whose new client id the ledger does not know), which is then a no-op; by
 * anything else, which is refused as every taken id is. Ids are global keys, so it is looked up
 * by id alone, and nothing of another's row is read out.
 */
export function isRepeatOfEvent(
  claim: EventClaim,
  actor: SchoolActor,
  reportId: string,
  kind: 'event' | 'comment',
): boolean {
  const existing = claim.takenBy;
  if (existing === undefined) return false;
  if (existing.actorId === actor.id && existing.reportId === reportId) return true;
  throw refuse.conflict(reason('id_taken', { kind }));
}

/** Who wrote the event `eventId`, and on which report; none if the id is free. */
export const eventOwner = (tx: Tx, eventId: string) =>
  rowsOf<{ actorId: string; reportId: string }>(
    tx,
    'SELECT actor_id AS "actorId", report_id AS "reportId" FROM report_events WHERE id = ?',
    eventId,
  );

export interface NewEvent {
  id?: string | undefined;
  kind: ReportEventKind;
  changes: JobChanges;
  body?: string | null;
  kept?: boolean;
  occurredAt: string;
}

/**
 * Parameters in column order. `ON CONFLICT DO NOTHING` serves comment.create, whose insert is
 * its only write; the other kinds have looked their id up first (isRepeatOfEvent).
 */
const INSERT_EVENT = `INSERT INTO report_events
  (id, school_id, report_id, actor_id, kind, changes, body, kept, occurred_at, reporter_id, assignee_id, created_at, updated_at, change_seq)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (id) DO NOTHING`;

/**
 * Writes one event of the timeline about `report` as it is once the change is written; how
 * many rows it inserted (0: its id was taken).
 */
export function insertEvent(
  ctx: MutationContext,
  report: Pick<ReportRow, 'id' | 'reporterId' | 'assigneeId'>,
  event: NewEvent,
): Promise<number> {
  const kept = event.kept ?? false;
  return run(
    ctx.tx,
    INSERT_EVENT,
    event.id ?? newId(),
    ctx.actor.schoolId,
    report.id,
    ctx.actor.id,
    event.kind,
    // JSON as JSON.stringify writes it, as drizzle's JSON column did (takenFromPattern reads it).
    JSON.stringify(event.changes),
    event.body ?? null,
    // SQLite keeps a boolean as 0/1 (and better-sqlite3 binds no booleans); PostgreSQL's is one.
    currentEngine() === 'postgres' ? kept : kept ? 1 : 0,
    event.occurredAt,
    report.reporterId,
    report.assigneeId,
    ctx.now,
    ctx.now,
    ctx.seq(),
  );
}

/** Refuses a plan's new assignee that is not a live user of the pusher's school (read by liveJob). */
export function assertAssignable(job: Pick<LiveJob, 'assignable'>): void {
  if (!job.assignable) throw refuse.invalid('assignee_id', reason('assignee_unknown'));
}

/*
 * The hand-over, one statement per table whatever the report's history: each live row takes the
 * new holder and a new change number, numbered in its old change order from `?` on (a window
 * over the report's rows; UPDATE ... FROM, which both engines take). The rest (removed rows;
 * every row when no one new holds the report) only change hands: no device needs them again.
 */
const renumbered = (table: string) => `UPDATE ${table} SET assignee_id = ?, change_seq = ? + moved.n
  FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY change_seq) - 1 AS n FROM ${table}
    WHERE report_id = ? AND school_id = ? AND deleted_at IS NULL) AS moved
  WHERE ${table}.id = moved.id`;
const handedTo = (table: string) =>
  `UPDATE ${table} SET assignee_id = ? WHERE report_id = ? AND school_id = ? AND (assignee_id IS NULL OR assignee_id <> ?)`;
const unassigned = (table: string) =>
  `UPDATE ${table} SET assignee_id = NULL WHERE report_id = ? AND school_id = ? AND assignee_id IS NOT NULL`;
const handingOver = (table: string) => ({
  renumber: renumbered(table),
  hand: handedTo(table),
  unassign: unassigned(table),
});
const PHOTOS = handingOver('report_photos');
const EVENTS = handingOver('report_events');
const RELEASE = `INSERT INTO report_releases (school_id, report_id, user_id, change_seq) VALUES (?, ?, ?, ?)
  ON CONFLICT (report_id, user_id) DO UPDATE SET change_seq = excluded.change_seq`;

/**
 * Gives the live rows of `table` about the report to `to` under new change numbers: the first
 * is taken from the batch's range, and the range is moved past the last one the update used.
 */
async function renumber(ctx: MutationContext, text: string, reportId: string, to: string) {
  const first = ctx.seq();
  const moved = await run(ctx.tx, text, to, first, reportId, ctx.actor.schoolId);
  for (let i = 1; i < moved; i++) ctx.seq();
}

/**
 * The job passes from `from` to `to` (either may be null: unassigned). Its photos and events
 * carry the new assignee for the pull; when the new assignee is someone who did not hold the
 * report (not its reporter), each live one also takes a new change number, so their next pull
 * carries the history even though their cursor is past those rows' first change. Whoever loses
 * sight of it (the old assignee, unless reporter or the new one) is released: their pull sends
 * the report as a delete (decision 028, "Who holds a job on their phone").
 */
export async function handOver(
  ctx: MutationContext,
  report: Pick<ReportRow, 'id' | 'reporterId'> & ReportHistory,
  from: string | null,
  to: string | null,
): Promise<void> {
  const { tx, actor, seq } = ctx;
  const school = actor.schoolId;
  // A table with no rows about the report has nothing to hand over.
  const tables = [...(report.hasPhotos ? [PHOTOS] : []), ...(report.hasEvents ? [EVENTS] : [])];
  for (const table of tables) {
    if (to !== null && to !== report.reporterId) await renumber(ctx, table.renumber, report.id, to);
    if (to === null) await run(tx, table.unassign, report.id, school);
    else await run(tx, table.hand, to, report.id, school, to);
  }
  if (from !== null && from !== to && from !== report.reporterId) {
    await run(tx, RELEASE, school, report.id, from, seq());
  }
}

/** `[from, to]` of each field whose value changes. */
export function changesOf(
  before: Partial<Record<keyof JobChanges, string | null>>,
  after: Partial<Record<keyof JobChanges, string | null>>,
): JobChanges {
  const changes: JobChanges = {};
  for (const field of Object.keys(after) as (keyof JobChanges)[]) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (from !== to) changes[field] = [from, to];
  }
  return changes;
}

/** What a report's completion time becomes when its status becomes `status` at `at`. */
export const completedAtFor = (status: ReportStatus, at: string): string | null =>
  status === 'completed' ? at : null;
