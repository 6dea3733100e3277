import { and, between, eq } from 'drizzle-orm';
import type { MutationResult } from '@urs/sync-protocol';
import type { Tx } from '../db/handles.js';
import { rowsOf, run } from '../db/statement.js';
import { syncRejections } from '../db/schema.js';
import { answerOfStored, storedRefusal, type Refusal } from './refusal.js';

/**
 * The exactly-once ledger of one device: the highest seq the server has applied or refused for
 * this (user, client id). Read once when a batch starts and written once before it commits, in
 * the same transaction as its mutations, so a crash leaves it where the data is.
 */
export interface LedgerKey {
  userId: string;
  clientId: string;
  /** The user's school, written on the rows the ledger inserts (a user never changes school). */
  schoolId: string;
}

/** The stored last seq, or 0 for a device that never pushed. */
export async function readLastSeq(db: Tx, key: LedgerKey): Promise<number> {
  const [row] = await rowsOf<{ lastSeq: number }>(
    db,
    'SELECT last_seq AS "lastSeq" FROM sync_clients WHERE user_id = ? AND client_id = ?',
    key.userId,
    key.clientId,
  );
  return Number(row?.lastSeq ?? 0);
}

/** One statement whether or not the device is known yet; `created_at` stays the first push's. */
export async function saveLastSeq(
  db: Tx,
  key: LedgerKey,
  lastSeq: number,
  now: string,
): Promise<void> {
  await run(
    db,
    `INSERT INTO sync_clients (school_id, user_id, client_id, last_seq, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, client_id)
     DO UPDATE SET last_seq = excluded.last_seq, updated_at = excluded.updated_at`,
    key.schoolId,
    key.userId,
    key.clientId,
    lastSeq,
    now,
    now,
  );
}

/** Kept so that a retried batch is told `rejected` again (see earlierAnswers). */
export async function recordRejection(
  db: Tx,
  key: LedgerKey,
  mutation: { seq: number; id: string },
  refusal: Refusal,
  now: string,
): Promise<void> {
  await db.insert(syncRejections).values({
    schoolId: key.schoolId,
    userId: key.userId,
    clientId: key.clientId,
    seq: mutation.seq,
    mutationId: mutation.id,
    code: refusal.code,
    message: refusal.message,
    errors: storedRefusal(refusal),
    createdAt: now,
  });
}

/**
 * The answers for the seqs of a batch the ledger has already passed, in their order: `rejected`
 * again for each that was refused (so a lost response cannot hide a refusal from the user),
 * otherwise `duplicate`. One query for the whole resent run, not one per mutation.
 */
export async function earlierAnswers(
  db: Tx,
  key: LedgerKey,
  mutations: readonly { seq: number; id: string }[],
): Promise<MutationResult[]> {
  const first = mutations[0];
  const last = mutations.at(-1);
  if (first === undefined || last === undefined) return [];
  const refusals = new Map(
    (
      await db
        .select()
        .from(syncRejections)
        .where(
          and(
            eq(syncRejections.userId, key.userId),
            eq(syncRejections.clientId, key.clientId),
            between(syncRejections.seq, first.seq, last.seq),
          ),
        )
    ).map((row) => [row.seq, row]),
  );
  return mutations.map(({ seq, id }): MutationResult => {
    const refused = refusals.get(seq);
    if (refused === undefined) return { seq, id, status: 'duplicate' };
    return { seq, id, status: 'rejected', ...answerOfStored(refused) };
  });
}
