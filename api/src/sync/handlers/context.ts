import type { MutationName, ParsedMutationArgs } from '@urs/sync-protocol';
import { reason } from '@urs/sync-protocol';
import type { Tx } from '../../db/handles.js';
import { rowsOf } from '../../db/statement.js';
import { can, type Actor, type Permission, type SchoolActor } from '../../auth/policy.js';
import { refuse } from '../refusal.js';
import { readPusher, type FilingBounds, type Pusher } from '../filing-time.js';
import type { SchoolClock } from '../../lib/school-time.js';
import { noticeQueue, type NoticeQueue } from '../../services/notify.js';

export interface MutationContext {
  /** The batch's write transaction. */
  tx: Tx;
  /** The same transaction, named for the prepared statements that run on its connection. */
  db: Tx;
  /** Who pushed, and the school every row this batch writes belongs to. */
  actor: SchoolActor;
  /** One timestamp for the whole batch: every row it writes says the same `updated_at`. */
  now: string;
  /** The next change_seq of this batch (see ChangeSeqRange). */
  seq: () => number;
  /** Areas this batch has already found live (see assertAreaExists); new for every batch. */
  liveAreas: Set<string>;
  /** What a device's own times are bounded by (see boundFilingTime); read once per batch. */
  filingBounds: () => Promise<FilingBounds>;
  /** The same once filingBounds has read them, so later mutations need not await them. */
  readFilingBounds: () => FilingBounds | undefined;
  /**
   * The pusher's name, as their notifications give it; read once per batch, with the filing
   * bounds' creation time (one row), not once per mutation that notifies.
   */
  actorName: () => Promise<string>;
  /** The school's calendar: a request number's year is the school's year, not UTC's. */
  clock: SchoolClock;
  /**
   * The mutation's envelope `at`: when the device queued it. The filing time of an entry
   * queued by an app from before report filing times existed.
   */
  queuedAt: string;
  /** Runs `fn` after the batch has committed (a notification's push sender is woken so). */
  afterCommit: (fn: () => void) => void;
  /** The batch's notices, written together before it commits (services/notify.ts). */
  notices: NoticeQueue;
}

/**
 * The context of a run of mutations in `tx`, the write transaction that took the school's change
 * counter (`seq`): one push batch, or one REST job action (job-actions.ts), which runs
 * the push's own handlers. `queuedAt` starts as `now`, the time of a mutation sent without one.
 */
export function mutationContext(
  tx: Tx,
  actor: SchoolActor,
  seq: () => number,
  now: string,
  clock: SchoolClock,
  afterCommit: (fn: () => void) => void,
): MutationContext {
  let pusher: Promise<Pusher> | undefined;
  const readOnce = () => (pusher ??= readPusher(tx, actor.id));
  let bounds: Promise<FilingBounds> | undefined;
  let readBounds: FilingBounds | undefined;
  return {
    tx,
    db: tx,
    actor,
    now,
    seq,
    liveAreas: new Set(),
    filingBounds: () =>
      (bounds ??= readOnce().then(
        ({ createdAt }) => (readBounds = { receivedAt: now, userSince: createdAt }),
      )),
    readFilingBounds: () => readBounds,
    actorName: () => readOnce().then(({ name }) => name),
    queuedAt: now,
    clock,
    afterCommit,
    notices: noticeQueue(),
  };
}

export type MutationHandler<N extends MutationName> = (
  ctx: MutationContext,
  args: ParsedMutationArgs<N>,
) => void | Promise<void>;

export type HandlerMap = { [N in MutationName]: MutationHandler<N> };

/** The same policy the REST guard uses, with the record's owner when there is one. */
export function authorize(actor: Actor, permission: Permission, ownerId?: string): void {
  if (!can(actor, permission, ownerId === undefined ? undefined : { ownerId })) {
    throw refuse.forbidden();
  }
}

/**
 * A create whose client id already exists: the same owner sending it again (from a reinstalled
 * app with a new client id, say) is a no-op; anyone else is a conflict. Looked up by id alone,
 * as ids are global keys: an id another school's row holds is taken by someone else, exactly
 * as one of another user of the same school (decision 027); nothing of that row is read out.
 */
export function isRepeatOfOwnCreate(
  existing: { ownerId: string } | undefined,
  actor: Actor,
  kind: string,
): boolean {
  if (existing === undefined) return false;
  if (existing.ownerId === actor.id) return true;
  throw refuse.conflict(reason('id_taken', { kind }));
}

/**
 * Areas may have been made inactive since the device chose one; only a missing one is refused.
 * An area found live is remembered for the rest of the batch, as a day's reports mostly name the
 * same few areas: areas are written only by the admin REST routes, never by a sync mutation, and
 * those cannot commit while the batch holds SQLite's write lock, so the answer cannot change.
 */
export function assertAreaExists(
  ctx: Pick<MutationContext, 'db' | 'liveAreas' | 'actor'>,
  areaId: string,
  field = 'area_id',
): Promise<void> {
  // Not an async function: a known area, as most of a batch's are, costs no frame of its own.
  return ctx.liveAreas.has(areaId) ? KNOWN : lookUpArea(ctx, areaId, field);
}

const KNOWN = Promise.resolve();

async function lookUpArea(
  { db, liveAreas, actor }: Pick<MutationContext, 'db' | 'liveAreas' | 'actor'>,
  areaId: string,
  field: string,
): Promise<void> {
  // Another school's area is as missing as one that never existed (decision 027).
  const rows = await rowsOf(
    db,
    'SELECT 1 FROM areas WHERE id = ? AND school_id = ? AND deleted_at IS NULL',
    areaId,
    actor.schoolId,
  );
  if (rows.length === 0)
    throw refuse.invalid(field, reason('reference_not_found', { kind: 'area' }));
  liveAreas.add(areaId);
}

export async function assertCategoryExists(
  db: Tx,
  schoolId: string,
  categoryId: string,
): Promise<void> {
  const rows = await rowsOf(
    db,
    'SELECT 1 FROM categories WHERE id = ? AND school_id = ? AND deleted_at IS NULL',
    categoryId,
    schoolId,
  );
  if (rows.length === 0)
    throw refuse.invalid('category_id', reason('reference_not_found', { kind: 'category' }));
}
