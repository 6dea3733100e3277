import {
  indonesianText,
  reason,
  checkMutation,
  PROTOCOL_VERSION,
  type MutationName,
  type MutationResult,
  type ParsedMutation,
  type PushRequest,
  type PushResponse,
  type SeqGap,
} from '@urs/sync-protocol';
import type { Db, Tx } from '../db/handles.js';
import { ChangeSeqRange, nowIso } from '../db/change-seq.js';
import { canCountChanges, totalChanges, withSavepoint } from '../db/savepoint.js';
import type { SchoolActor } from '../auth/policy.js';
import { HANDLER_WRITES, HANDLERS } from './handlers/index.js';
import { mutationContext, type MutationContext, type MutationHandler } from './handlers/context.js';
import {
  earlierAnswers,
  readLastSeq,
  recordRejection,
  saveLastSeq,
  type LedgerKey,
} from './ledger.js';
import { Refusal, refusalAnswer } from './refusal.js';
import type { SchoolClock } from '../lib/school-time.js';
import { flushNotices, undoNotices } from '../services/notify.js';

export type PushOutcome =
  { kind: 'applied'; body: PushResponse } | { kind: 'seq_gap'; body: SeqGap };

export interface PushOptions {
  /** Test hook: runs after each mutation inside the batch transaction, to inject a crash. */
  afterMutation?: (seq: number) => void | Promise<void>;
  /** The school's calendar (SCHOOL_UTC_OFFSET); WIB, that setting's default, when not given. */
  clock?: SchoolClock;
}

const WIB: SchoolClock = { offsetMinutes: 7 * 60 };

/** A refusal is the mutation's answer; anything else is a failure of the whole batch. */
function asRefusal(err: unknown): Refusal {
  if (err instanceof Refusal) return err;
  throw err;
}

/**
 * Runs one validated mutation and returns its refusal, if any, with nothing of it left behind.
 * A `'many'` handler runs in a savepoint that its refusal rolls back. A `'one'` handler can only
 * refuse before its first write (see HANDLER_WRITES), so it runs without one: skipping the
 * savepoint's page copies is most of a push's speed on SQLite, and on PostgreSQL a savepoint is
 * a network round trip per mutation. On SQLite, should such a handler ever change a row and
 * then refuse, the whole batch fails instead of keeping half a mutation. PostgreSQL cannot
 * count a transaction's changes cheaply, so there the classification is trusted: it is a
 * property of the handler's code, the same on both engines, and every suite runs on SQLite too.
 */
function applyMutation(
  ctx: MutationContext,
  mutation: ParsedMutation,
): Refusal | undefined | Promise<Refusal | undefined> {
  // The map is keyed by the same union the parser produced, so name and args always agree.
  const handler = HANDLERS[mutation.name] as MutationHandler<MutationName>;
  if (HANDLER_WRITES[mutation.name] === 'many') {
    return withSavepoint(ctx.tx, async () => {
      await handler(ctx, mutation.args);
    }).then(applied, asRefusal);
  }
  // Not an async function: a handler that completes at once (report.create on SQLite) leaves
  // no promise behind, where a promise per step was most of a push's garbage.
  const before = canCountChanges() ? totalChanges(ctx.db.$client) : undefined;
  let outcome: void | Promise<void>;
  try {
    outcome = handler(ctx, mutation.args);
  } catch (err) {
    return refusalOf(ctx, mutation, before, err);
  }
  return outcome instanceof Promise
    ? outcome.then(applied, (err: unknown) => refusalOf(ctx, mutation, before, err))
    : undefined;
}

const applied = (): undefined => undefined;

/** The refusal a `'one'` handler threw, once it is sure the handler wrote nothing. */
function refusalOf(
  ctx: MutationContext,
  mutation: ParsedMutation,
  before: number | undefined,
  err: unknown,
): Refusal {
  const refusal = asRefusal(err);
  if (before !== undefined && totalChanges(ctx.db.$client) !== before) {
    throw new Error(`${mutation.name} wrote before refusing; mark it 'many' in HANDLER_WRITES`, {
      cause: err,
    });
  }
  return refusal;
}

/** Seqs of one batch must be one contiguous run, so the ledger's single last_seq describes it. */
export function isContiguous(mutations: readonly { seq: number }[]): boolean {
  return mutations.every((m, i) => i === 0 || m.seq === (mutations[i - 1]?.seq ?? 0) + 1);
}

/** The answer to a batch that does not start right after the ledger's last seq. */
function seqGap(lastSeq: number): SeqGap {
  return {
    code: 'seq_gap',
    expected_seq: lastSeq + 1,
    params: { expected: lastSeq + 1 },
    message: indonesianText(reason('seq_gap', { expected: lastSeq + 1 })),
  };
}

/**
 * Validates (the shared contract), authorises and applies one new mutation; never throws a
 * refusal. Its answer comes at once when the mutation completed at once (see applyMutation).
 */
function answerNew(
  ctx: MutationContext,
  key: LedgerKey,
  envelope: PushRequest['mutations'][number],
): MutationResult | Promise<MutationResult> {
  const check = checkMutation(envelope);
  // Mutations run one at a time, so the batch's one context carries the current one's queue
  // time (a copy per mutation was a large share of a push's garbage).
  ctx.queuedAt = envelope.at;
  if (!check.ok) {
    return answerOf(ctx, key, envelope, new Refusal(check.code, check.reason, check.fields));
  }
  // What the batch had queued to tell people before this mutation: a refused one's is undone.
  const { notices } = ctx;
  const notifications = notices.notifications.length;
  const deliveries = notices.deliveries.length;
  const refusal = applyMutation(ctx, check.mutation);
  const answer = (r: Refusal | undefined) => {
    if (r !== undefined) undoNotices(notices, notifications, deliveries);
    return answerOf(ctx, key, envelope, r);
  };
  return refusal instanceof Promise ? refusal.then(answer) : answer(refusal);
}

/** `applied`, or `rejected` with the refusal, which is recorded for a resent batch. */
function answerOf(
  ctx: MutationContext,
  key: LedgerKey,
  envelope: PushRequest['mutations'][number],
  refusal: Refusal | undefined,
): MutationResult | Promise<MutationResult> {
  const { seq, id } = envelope;
  if (refusal === undefined) return { seq, id, status: 'applied' };
  return recordRejection(ctx.tx, key, envelope, refusal, ctx.now).then(() => ({
    seq,
    id,
    status: 'rejected' as const,
    ...refusalAnswer(refusal),
  }));
}

/** The body of applyPushBatch, inside its write transaction. */
async function applyInTransaction(
  tx: Tx,
  actor: SchoolActor,
  request: PushRequest,
  options: PushOptions,
  committed: Set<() => void>,
): Promise<PushOutcome> {
  const key: LedgerKey = {
    userId: actor.id,
    clientId: request.client_id,
    schoolId: actor.schoolId,
  };
  // The counter first: on PostgreSQL its row lock is what serialises batches (writes run at
  // READ COMMITTED), so the ledger read after it sees a batch of the same device that committed
  // while this one waited. Read before, a retry sent while the first try was still applying
  // would find the old last_seq and apply the batch again (push-retry-overlap.test.ts).
  // The pusher's school's counter: pushes of other schools take theirs and do not wait here.
  const changeSeqs = await ChangeSeqRange.open(tx, actor.schoolId);
  let lastSeq = await readLastSeq(tx, key);
  const firstSeq = request.mutations[0]?.seq ?? lastSeq + 1;
  if (firstSeq > lastSeq + 1) return { kind: 'seq_gap', body: seqGap(lastSeq) };

  const ctx = mutationContext(tx, actor, changeSeqs.take, nowIso(), options.clock ?? WIB, (fn) =>
    committed.add(fn),
  );
  // Seqs are contiguous (checked by applyPushBatch), so the resent ones, if any, come first.
  const resent = request.mutations.filter((m) => m.seq <= lastSeq);
  const results = await earlierAnswers(tx, key, resent);
  for (const envelope of request.mutations.slice(resent.length)) {
    const answer = answerNew(ctx, key, envelope);
    results.push(answer instanceof Promise ? await answer : answer);
    lastSeq = envelope.seq;
    if (options.afterMutation !== undefined) await options.afterMutation(envelope.seq);
  }
  await flushNotices(ctx);
  await changeSeqs.commit();
  await saveLastSeq(tx, key, lastSeq, ctx.now);
  return {
    kind: 'applied',
    body: { protocol_version: PROTOCOL_VERSION, results, last_seq: lastSeq },
  };
}

/**
 * Applies one pushed batch with exactly-once semantics per (user, client, seq).
 *
 * The whole batch is ONE SQLite transaction: the ledger read, every mutation and the new
 * last_seq commit together or not at all. So a response lost after commit is answered
 * `duplicate` on retry, and a crash mid-batch leaves nothing half-applied. A domain refusal
 * undoes only its own mutation (see applyMutation) and is recorded for retries; it is still
 * counted in last_seq, because resending a refused mutation would only be refused again.
 * The route answers a batch whose seqs are not contiguous with 422 before calling this.
 */
export async function applyPushBatch(
  db: Db,
  actor: SchoolActor,
  request: PushRequest,
  options: PushOptions = {},
): Promise<PushOutcome> {
  if (!isContiguous(request.mutations)) throw new Error('push batch seqs are not contiguous');
  // The write transaction takes the write lock up front: the ledger read and the change_seq
  // range are then current for the whole batch, even with a second process writing.
  // A set made per attempt: a transaction retried by `write` starts with none of the first's.
  let committed = new Set<() => void>();
  const outcome = await db.write((tx) => {
    committed = new Set();
    return applyInTransaction(tx, actor, request, options, committed);
  });
  for (const fn of committed) fn();
  return outcome;
}
