import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
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
import { reportEvents, reportPhotos, reportReleases, reports, users } from '../../db/schema.js';
import { first } from '../../db/first.js';
import { rowsOf } from '../../db/statement.js';
import { inSchool } from '../../auth/visibility.js';
import type { SchoolActor } from '../../auth/policy.js';
import { Refusal, refuse } from '../refusal.js';
import { boundFilingTime } from '../filing-time.js';
import type { MutationContext } from './context.js';

/*
 * A report as a job (docs/decisions/028-jobs-on-reports.md), for the push handlers: what the
 * contract's decisions read (sync-protocol's jobActions, judgeStatusChange, ...), the timeline
 * events the mutations write, and how a job changes hands. The rules themselves are the
 * contract's; this module only reads and writes what they need.
 */

export type ReportRow = typeof reports.$inferSelect;

/** The live report of the school; another school's is as missing as a deleted one. */
export async function liveReport(tx: Tx, schoolId: string, id: string): Promise<ReportRow> {
  const row = await first(
    tx
      .select()
      .from(reports)
      .where(and(eq(reports.id, id), inSchool(reports, schoolId), isNull(reports.deletedAt))),
  );
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
  const kinds = await tx
    .select({ kind: reportPhotos.kind, n: count() })
    .from(reportPhotos)
    .where(and(eq(reportPhotos.reportId, report.id), isNull(reportPhotos.deletedAt)))
    .groupBy(reportPhotos.kind);
  for (const { kind, n } of kinds) {
    if (kind === 'before') state.before_photos = n;
    else state.after_photos = n;
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
export async function isRepeatOfEvent(
  tx: Tx,
  eventId: string,
  actor: SchoolActor,
  reportId: string,
  kind: 'event' | 'comment',
): Promise<boolean> {
  const existing = await first(
    tx
      .select({ actorId: reportEvents.actorId, reportId: reportEvents.reportId })
      .from(reportEvents)
      .where(eq(reportEvents.id, eventId)),
  );
  if (existing === undefined) return false;
  if (existing.actorId === actor.id && existing.reportId === reportId) return true;
  throw refuse.conflict(reason('id_taken', { kind }));
}

export interface NewEvent {
  id?: string | undefined;
  kind: ReportEventKind;
  changes: JobChanges;
  body?: string | null;
  kept?: boolean;
  occurredAt: string;
}

/** The values of an event row about `report` as it is once the change is written. */
export function eventRow(
  ctx: MutationContext,
  report: Pick<ReportRow, 'id' | 'reporterId' | 'assigneeId'>,
  event: NewEvent,
): typeof reportEvents.$inferInsert {
  return {
    id: event.id ?? newId(),
    schoolId: ctx.actor.schoolId,
    reportId: report.id,
    actorId: ctx.actor.id,
    kind: event.kind,
    changes: event.changes,
    body: event.body ?? null,
    kept: event.kept ?? false,
    occurredAt: event.occurredAt,
    reporterId: report.reporterId,
    assigneeId: report.assigneeId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    changeSeq: ctx.seq(),
  };
}

/** Writes one event of the timeline. */
export async function insertEvent(
  ctx: MutationContext,
  report: Pick<ReportRow, 'id' | 'reporterId' | 'assigneeId'>,
  event: NewEvent,
): Promise<void> {
  await ctx.tx.insert(reportEvents).values(eventRow(ctx, report, event));
}

/** A user of the pusher's school, live, to whom a job may go; refused otherwise. */
export async function assertAssignable(tx: Tx, schoolId: string, userId: string): Promise<void> {
  const found = await first(
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), inSchool(users, schoolId), isNull(users.deletedAt))),
  );
  if (found === undefined) throw refuse.invalid('assignee_id', reason('assignee_unknown'));
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
  report: Pick<ReportRow, 'id' | 'reporterId'>,
  from: string | null,
  to: string | null,
): Promise<void> {
  const { tx, actor, seq } = ctx;
  const school = actor.schoolId;
  const photosOf = and(eq(reportPhotos.reportId, report.id), inSchool(reportPhotos, school));
  const eventsOf = and(eq(reportEvents.reportId, report.id), inSchool(reportEvents, school));
  const newHolder = to !== null && to !== report.reporterId;
  if (newHolder) {
    const livePhotos = await tx
      .select({ id: reportPhotos.id })
      .from(reportPhotos)
      .where(and(photosOf, isNull(reportPhotos.deletedAt)))
      .orderBy(reportPhotos.changeSeq);
    for (const { id } of livePhotos) {
      await tx
        .update(reportPhotos)
        .set({ assigneeId: to, changeSeq: seq() })
        .where(and(eq(reportPhotos.id, id), inSchool(reportPhotos, school)));
    }
    const events = await tx
      .select({ id: reportEvents.id })
      .from(reportEvents)
      .where(and(eventsOf, isNull(reportEvents.deletedAt)))
      .orderBy(reportEvents.changeSeq);
    for (const { id } of events) {
      await tx
        .update(reportEvents)
        .set({ assigneeId: to, changeSeq: seq() })
        .where(and(eq(reportEvents.id, id), inSchool(reportEvents, school)));
    }
  }
  // The rest (removed photos; every row when no one new holds the report) only change hands:
  // no device needs them again.
  const stale = (column: typeof reportPhotos.assigneeId | typeof reportEvents.assigneeId) =>
    to === null ? sql`${column} IS NOT NULL` : sql`(${column} IS NULL OR ${ne(column, to)})`;
  await tx
    .update(reportPhotos)
    .set({ assigneeId: to })
    .where(and(photosOf, stale(reportPhotos.assigneeId)));
  await tx
    .update(reportEvents)
    .set({ assigneeId: to })
    .where(and(eventsOf, stale(reportEvents.assigneeId)));
  if (from !== null && from !== to && from !== report.reporterId) {
    await tx
      .insert(reportReleases)
      .values({ schoolId: school, reportId: report.id, userId: from, changeSeq: seq() })
      .onConflictDoUpdate({
        target: [reportReleases.reportId, reportReleases.userId],
        set: { changeSeq: sql`excluded.change_seq` },
      });
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
