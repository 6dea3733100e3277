import type { Tx } from '../../db/handles.js';
import { and, count, eq, isNull } from 'drizzle-orm';
import { MAX_PHOTOS_PER_KIND, reason, type ParsedMutationArgs } from '@urs/sync-protocol';
import { rowsOf, runNow } from '../../db/statement.js';
import { NEXT_REPORT_NUMBER, nextReportNumberParams } from '../../db/report-numbers.js';
import { photoUploads, reportEvents, reportPhotos, reports } from '../../db/schema.js';
import { inSchool } from '../../auth/visibility.js';
import { first } from '../../db/first.js';
import { Refusal, refuse } from '../refusal.js';
import { boundFilingTime } from '../filing-time.js';
import {
  assertAreaExists,
  assertCategoryExists,
  authorize,
  isRepeatOfOwnCreate,
  type HandlerMap,
  type MutationContext,
} from './context.js';
import { authorizeJob, jobStateOf, liveReport } from './job-state.js';

/**
 * Report creation is the hottest write of all (a day's field work arrives as a batch of them):
 * its statements are plain SQL, prepared once per connection on SQLite (db/statement.ts).
 */
async function reportOwner(db: Tx, id: string): Promise<{ ownerId: string } | undefined> {
  const [row] = await rowsOf<{ ownerId: string }>(
    db,
    'SELECT reporter_id AS "ownerId" FROM reports WHERE id = ?',
    id,
  );
  return row;
}

/**
 * Parameters in column order; status and category are the contract's optional fields. Priority
 * and origin take their defaults (a staff member's report, normal priority, no due date). The
 * number is worked out in the statement itself (db/report-numbers.ts); a resent create inserts
 * nothing and so takes none.
 */
const INSERT_REPORT = `INSERT INTO reports
  (id, school_id, number, reporter_id, assignee_id, area_id, category_id, work_type, description, status, reported_at, completed_at, round_completion_id, round_item_id, created_at, updated_at, change_seq)
  VALUES (?, ?, ${NEXT_REPORT_NUMBER}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (id) DO NOTHING`;

/**
 * Whether the batch already holds all that a create's checks read (its area found live, its
 * filing bounds read, no category to look up): then the checks need not await at all, which
 * for most of a day's batch of reports they do not. A promise per check per report was most of
 * a push's garbage after SQLite's own work.
 */
function knowsAllFor(ctx: MutationContext, a: ParsedMutationArgs<'report.create'>): boolean {
  return (
    ctx.liveAreas.has(a.area_id) &&
    (a.category_id === undefined || a.category_id === null) &&
    a.round_completion_id === undefined &&
    ctx.readFilingBounds() !== undefined
  );
}

/** Reads what the create's checks need, refusing a missing area or category on the way. */
async function readAllFor(
  ctx: MutationContext,
  a: ParsedMutationArgs<'report.create'>,
): Promise<void> {
  await assertAreaExists(ctx, a.area_id);
  if (a.category_id !== undefined && a.category_id !== null) {
    await assertCategoryExists(ctx.db, ctx.actor.schoolId, a.category_id);
  }
  await ctx.filingBounds();
}

/** A report's link to a completion and item of a round (decision 030), for the insert. */
interface RoundLink {
  completionId: string | null;
  itemId: string | null;
}
const NO_LINK: RoundLink = { completionId: null, itemId: null };

/**
 * The round completion a report was raised from, when the school holds it; otherwise no link:
 * a report is never refused for its link, the problem was seen (decision 030).
 */
async function roundLinkOf(
  ctx: MutationContext,
  a: ParsedMutationArgs<'report.create'>,
): Promise<RoundLink> {
  if (a.round_completion_id === undefined) return NO_LINK;
  const rows = await rowsOf(
    ctx.db,
    'SELECT 1 FROM round_completions WHERE id = ? AND school_id = ?',
    a.round_completion_id,
    ctx.actor.schoolId,
  );
  return rows.length === 0
    ? NO_LINK
    : { completionId: a.round_completion_id, itemId: a.round_item_id ?? null };
}

/**
 * The create's checks left once readAllFor has passed, in the order a device sees their
 * refusals; its filing time if they pass.
 */
function checkNewReport(ctx: MutationContext, a: ParsedMutationArgs<'report.create'>): string {
  if (a.status === 'cancelled') {
    throw refuse.invalid('status', reason('report_cancel_new'));
  }
  const bounds = ctx.readFilingBounds();
  if (bounds === undefined) throw new Error('report.create checked before its filing bounds');
  // An entry queued before filing times existed carries its device time only as its queue time.
  return boundFilingTime(a.reported_at ?? ctx.queuedAt, bounds);
}

/**
 * The create once its checks have all they read. Not an async function: with SQLite, as for
 * most of a day's batch of reports, the mutation completes without a promise (a promise per
 * step was most of a push's garbage after SQLite's own work).
 */
function createChecked(
  ctx: MutationContext,
  a: ParsedMutationArgs<'report.create'>,
  link: RoundLink = NO_LINK,
): void | Promise<void> {
  let reportedAt: string;
  try {
    reportedAt = checkNewReport(ctx, a);
  } catch (err) {
    return refusedCreate(ctx, a, err);
  }
  const { db, actor, now, seq } = ctx;
  const status = a.status ?? 'pending';
  // The insert comes first and the id's owner is looked up only when it inserted nothing: a
  // resent create is rare, and on PostgreSQL every statement is a round trip.
  const inserted = runNow(
    db,
    INSERT_REPORT,
    a.id,
    actor.schoolId,
    ...nextReportNumberParams(actor.schoolId, now, ctx.clock),
    actor.id,
    // One's own work is one's own job; a problem for someone else waits in the admin's queue
    // (decision 028).
    a.unassigned === true ? null : actor.id,
    a.area_id,
    a.category_id ?? null,
    a.work_type,
    a.description,
    status,
    reportedAt,
    // Filed already done: done when it was filed, by the device's clock.
    status === 'completed' ? reportedAt : null,
    link.completionId,
    link.itemId,
    now,
    now,
    seq(),
  );
  return typeof inserted === 'number'
    ? afterInsert(ctx, a, inserted)
    : inserted.then((n) => afterInsert(ctx, a, n));
}

/** A refused create that repeats the user's own is a no-op whatever changed since (an area removed). */
async function refusedCreate(
  ctx: MutationContext,
  a: ParsedMutationArgs<'report.create'>,
  err: unknown,
): Promise<void> {
  if (!(err instanceof Refusal)) throw err;
  if (isRepeatOfOwnCreate(await reportOwner(ctx.db, a.id), ctx.actor, 'report')) return;
  throw err;
}

/** Nothing inserted: the id is taken, by the user's own earlier create (a no-op) or another's. */
function afterInsert(
  ctx: MutationContext,
  a: ParsedMutationArgs<'report.create'>,
  inserted: number,
): void | Promise<void> {
  if (inserted > 0) return undefined;
  return reportOwner(ctx.db, a.id).then((owner) => {
    if (owner === undefined) throw new Error(`report ${a.id} conflicted but is not there`);
    isRepeatOfOwnCreate(owner, ctx.actor, 'report');
  });
}

export const reportHandlers: Pick<
  HandlerMap,
  | 'report.create'
  | 'report.update'
  | 'report.set_admin_note'
  | 'report.delete'
  | 'photo.attach'
  | 'photo.remove'
> = {
  'report.create': (ctx, a) => {
    authorize(ctx.actor, 'reports.create');
    if (knowsAllFor(ctx, a)) return createChecked(ctx, a);
    return readAllFor(ctx, a).then(
      async () => createChecked(ctx, a, await roundLinkOf(ctx, a)),
      (err: unknown) => refusedCreate(ctx, a, err),
    );
  },

  'report.update': async (ctx, a) => {
    const { tx, db, actor, now, seq } = ctx;
    authorize(actor, 'reports.update');
    const report = await liveReport(tx, actor.schoolId, a.id);
    // The job's table (decision 028): its reporter while pending, an admin, or one's own job.
    await authorizeJob(tx, report, await jobStateOf(tx, report), actor, 'edit');
    if (a.area_id !== undefined) await assertAreaExists(ctx, a.area_id);
    if (a.category_id !== undefined && a.category_id !== null)
      await assertCategoryExists(db, actor.schoolId, a.category_id);
    // Field-level last writer wins: only the fields this mutation carries are written.
    await tx
      .update(reports)
      .set({
        ...(a.area_id !== undefined && { areaId: a.area_id }),
        ...(a.category_id !== undefined && { categoryId: a.category_id }),
        ...(a.work_type !== undefined && { workType: a.work_type }),
        ...(a.description !== undefined && { description: a.description }),
        updatedAt: now,
        changeSeq: seq(),
      })
      .where(and(eq(reports.id, a.id), inSchool(reports, actor.schoolId)));
  },

  'report.set_admin_note': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'reports.admin_note');
    await liveReport(tx, actor.schoolId, a.id);
    await tx
      .update(reports)
      .set({ adminNote: a.admin_note ?? null, updatedAt: now, changeSeq: seq() })
      .where(and(eq(reports.id, a.id), inSchool(reports, actor.schoolId)));
  },

  'report.delete': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'reports.delete');
    await liveReport(tx, actor.schoolId, a.id);
    // The report, its photos and its timeline become tombstones together, so no device keeps
    // orphan photos or events.
    await tx
      .update(reports)
      .set({ deletedAt: now, updatedAt: now, changeSeq: seq() })
      .where(and(eq(reports.id, a.id), inSchool(reports, actor.schoolId)));
    const photos = await tx
      .select({ id: reportPhotos.id })
      .from(reportPhotos)
      .where(
        and(
          eq(reportPhotos.reportId, a.id),
          inSchool(reportPhotos, actor.schoolId),
          isNull(reportPhotos.deletedAt),
        ),
      );
    for (const photo of photos) {
      await tx
        .update(reportPhotos)
        .set({ deletedAt: now, updatedAt: now, changeSeq: seq() })
        .where(and(eq(reportPhotos.id, photo.id), inSchool(reportPhotos, actor.schoolId)));
    }
    const events = await tx
      .select({ id: reportEvents.id })
      .from(reportEvents)
      .where(
        and(
          eq(reportEvents.reportId, a.id),
          inSchool(reportEvents, actor.schoolId),
          isNull(reportEvents.deletedAt),
        ),
      );
    for (const event of events) {
      await tx
        .update(reportEvents)
        .set({ deletedAt: now, updatedAt: now, changeSeq: seq() })
        .where(and(eq(reportEvents.id, event.id), inSchool(reportEvents, actor.schoolId)));
    }
  },

  'photo.attach': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'reports.update');
    const report = await liveReport(tx, actor.schoolId, a.report_id);
    // Photos by the job's table, and those of someone the job was taken from kept (decision 028).
    await authorizeJob(tx, report, await jobStateOf(tx, report), actor, 'photos');
    const existing = await first(tx.select().from(reportPhotos).where(eq(reportPhotos.id, a.id)));
    if (existing !== undefined) {
      if (existing.reportId === a.report_id && existing.deletedAt === null) return;
      throw refuse.conflict(reason('photo_id_conflict'));
    }
    // Another school's upload is as missing as none (an admin may attach anyone's of the school).
    const upload = await first(
      tx
        .select()
        .from(photoUploads)
        .where(and(eq(photoUploads.id, a.id), inSchool(photoUploads, actor.schoolId))),
    );
    if (upload === undefined || (upload.userId !== actor.id && actor.role !== 'admin')) {
      throw new Refusal('photo_missing', reason('photo_not_uploaded'));
    }
    if (upload.sha256 !== a.sha256) {
      throw refuse.invalid('sha256', reason('photo_differs'));
    }
    const sameKind =
      (
        await first(
          tx
            .select({ n: count() })
            .from(reportPhotos)
            .where(
              and(
                eq(reportPhotos.reportId, a.report_id),
                eq(reportPhotos.kind, a.kind),
                isNull(reportPhotos.deletedAt),
              ),
            ),
        )
      )?.n ?? 0;
    if (sameKind >= MAX_PHOTOS_PER_KIND) {
      throw refuse.invalid(
        'kind',
        reason('photos_per_kind', { max: MAX_PHOTOS_PER_KIND, kind: a.kind }),
      );
    }
    await tx.insert(reportPhotos).values({
      id: a.id,
      schoolId: actor.schoolId,
      reportId: a.report_id,
      kind: a.kind,
      sha256: upload.sha256,
      mimeType: upload.mimeType,
      sizeBytes: upload.sizeBytes,
      position: a.position,
      capturedAt: a.captured_at ?? null,
      reporterId: report.reporterId,
      assigneeId: report.assigneeId,
      createdAt: now,
      updatedAt: now,
      changeSeq: seq(),
    });
  },

  'photo.remove': async ({ tx, actor, now, seq }, a) => {
    const photo = await first(
      tx
        .select()
        .from(reportPhotos)
        .where(
          and(
            eq(reportPhotos.id, a.id),
            inSchool(reportPhotos, actor.schoolId),
            isNull(reportPhotos.deletedAt),
          ),
        ),
    );
    if (photo === undefined) throw refuse.notFound(reason('photo_gone'));
    authorize(actor, 'reports.update');
    const report = await liveReport(tx, actor.schoolId, photo.reportId);
    await authorizeJob(tx, report, await jobStateOf(tx, report), actor, 'photos');
    await tx
      .update(reportPhotos)
      .set({ deletedAt: now, updatedAt: now, changeSeq: seq() })
      .where(and(eq(reportPhotos.id, a.id), inSchool(reportPhotos, actor.schoolId)));
  },
};
