import { and, eq } from 'drizzle-orm';
import {
  checkMutation,
  PROTOCOL_VERSION,
  type MutationName,
  type MutationResult,
  type ParsedMutation,
  type PushRequest,
  type PushResponse,
  type SeqGap,
} from '@urs/sync-protocol';
import type { Db } from '../db/client.js';
import { ChangeSeqRange, nowIso } from '../db/change-seq.js';
import { withSavepoint } from '../db/savepoint.js';
import { syncClients, syncRejections } from '../db/schema.js';
import type { DbOrTx } from '../db/change-seq.js';
import type { Actor } from '../services/policy.js';
import { HANDLERS } from './handlers/index.js';
import type { MutationContext, MutationHandler } from './handlers/context.js';
import { Refusal } from './refusal.js';

export type PushOutcome =
  { kind: 'applied'; body: PushResponse } | { kind: 'seq_gap'; body: SeqGap };

export interface PushOptions {
  /** Test hook: runs after each mutation inside the batch transaction, to inject a crash. */
  afterMutation?: (seq: number) => void;
}

/**
 * The answer for a seq the ledger has already passed: `rejected` again if it was refused (so a
 * lost response cannot hide a refusal from the user), otherwise `duplicate`.
 */
function earlierAnswer(
  tx: DbOrTx,
  userId: string,
  clientId: string,
  seq: number,
  id: string,
): MutationResult {
  const refused = tx
    .select()
    .from(syncRejections)
    .where(
      and(
        eq(syncRejections.userId, userId),
        eq(syncRejections.clientId, clientId),
        eq(syncRejections.seq, seq),
      ),
    )
    .get();
  if (refused === undefined) return { seq, id, status: 'duplicate' };
  return {
    seq,
    id,
    status: 'rejected',
    code: refused.code,
    message: refused.message,
    ...(refused.errors !== null && { errors: refused.errors }),
  };
}

function run(ctx: MutationContext, mutation: ParsedMutation): void {
  // The map is keyed by the same union the parser produced, so name and args always agree.
  const handler = HANDLERS[mutation.name] as MutationHandler<MutationName>;
  handler(ctx, mutation.args);
}

/**
 * Applies one pushed batch with exactly-once semantics per (user, client, seq).
 *
 * The whole batch is ONE SQLite transaction: the ledger read, every mutation and the new
 * last_seq commit together or not at all. So a response lost after commit is answered
 * `duplicate` on retry, and a crash mid-batch leaves nothing half-applied. Each mutation runs
 * in its own savepoint so a domain refusal undoes only that mutation; it is still counted in
 * last_seq, because resending a refused mutation would only be refused again.
 */
export function applyPushBatch(
  db: Db,
  actor: Actor,
  request: PushRequest,
  options: PushOptions = {},
): PushOutcome {
  // IMMEDIATE takes the write lock up front: the ledger read and the change_seq range are then
  // guaranteed current for the whole batch, even with a second process (seed, bench) writing.
  return db.transaction((tx) => {
    const ledger = tx
      .select()
      .from(syncClients)
      .where(and(eq(syncClients.userId, actor.id), eq(syncClients.clientId, request.client_id)))
      .get();
    let lastSeq = ledger?.lastSeq ?? 0;
    const firstSeq = request.mutations[0]?.seq ?? lastSeq + 1;
    if (firstSeq > lastSeq + 1) {
      return {
        kind: 'seq_gap',
        body: {
          code: 'seq_gap',
          expected_seq: lastSeq + 1,
          message: `Urutan sinkronisasi terputus: server menunggu nomor ${lastSeq + 1}.`,
        },
      };
    }

    const now = nowIso();
    const changeSeqs = new ChangeSeqRange(tx);
    const results: MutationResult[] = [];
    const refuse = (seq: number, id: string, refusal: Refusal): void => {
      results.push({
        seq,
        id,
        status: 'rejected',
        code: refusal.code,
        message: refusal.message,
        ...(refusal.errors && { errors: refusal.errors }),
      });
      tx.insert(syncRejections)
        .values({
          userId: actor.id,
          clientId: request.client_id,
          seq,
          mutationId: id,
          code: refusal.code,
          message: refusal.message,
          errors: refusal.errors ?? null,
          createdAt: now,
        })
        .run();
    };
    for (const envelope of request.mutations) {
      const { seq, id } = envelope;
      if (seq <= lastSeq) {
        results.push(earlierAnswer(tx, actor.id, request.client_id, seq, id));
        continue;
      }
      const check = checkMutation(envelope);
      if (!check.ok) {
        refuse(seq, id, new Refusal(check.code, check.message, check.errors));
      } else {
        try {
          withSavepoint(db.$client, () =>
            run({ tx, db, actor, now, seq: changeSeqs.take }, check.mutation),
          );
          results.push({ seq, id, status: 'applied' });
        } catch (err) {
          if (!(err instanceof Refusal)) throw err;
          refuse(seq, id, err);
        }
      }
      lastSeq = seq;
      options.afterMutation?.(seq);
    }

    changeSeqs.commit();
    if (ledger === undefined) {
      tx.insert(syncClients)
        .values({
          userId: actor.id,
          clientId: request.client_id,
          lastSeq,
          createdAt: now,
          updatedAt: now,
        })
        .run();
    } else {
      tx.update(syncClients)
        .set({ lastSeq, updatedAt: now })
        .where(and(eq(syncClients.userId, actor.id), eq(syncClients.clientId, request.client_id)))
        .run();
    }
    return {
      kind: 'applied',
      body: { protocol_version: PROTOCOL_VERSION, results, last_seq: lastSeq },
    };
  });
}
