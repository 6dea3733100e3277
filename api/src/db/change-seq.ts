import { eq, sql } from 'drizzle-orm';
import type { Reader, Tx } from './handles.js';
import { currentEngine } from './dialect.js';
import { rowsOf, run } from './statement.js';
import { changeCounter } from './schema.js';

/** Any handle that can read: the database itself or a transaction. */
export type DbOrTx = Reader;

/*
 * Each school numbers its own changes (docs/decisions/027-schools-as-tenants.md): one
 * change_counter row per school, and a device's pull cursor is a position in its school's
 * sequence. What keeps that sound: a row takes its numbers only from its own school's counter,
 * a row never changes school, and a user never changes school (nothing offers it). Then the
 * ordering argument below holds per school, and pushes of different schools lock different
 * rows, so on PostgreSQL they run side by side.
 */

/**
 * Takes the next value of the school's change counter. Call it inside the transaction that
 * writes the row: the counter's row stays locked until commit (SQLite: the single writer), so
 * values are handed out in commit order and a pull cursor never skips a row that commits later
 * with a smaller number.
 */
export async function nextChangeSeq(tx: Tx, schoolId: string): Promise<number> {
  const [row] = await tx
    .update(changeCounter)
    .set({ value: sql`${changeCounter.value} + 1` })
    .where(eq(changeCounter.schoolId, schoolId))
    .returning({ value: changeCounter.value });
  if (row === undefined) throw counterMissing(schoolId);
  return row.value;
}

/** A school's counter is made with the school (db/schools.ts insertSchool, or the migration). */
function counterMissing(schoolId: string): Error {
  return new Error(
    `change_counter row missing for school ${schoolId}: unknown school or unmigrated`,
  );
}

/**
 * Hands out change_seq values for one batch transaction without a counter UPDATE per row: the
 * counter is read once and written back once, before commit. Whoever holds the counter may
 * number rows, and holds it until commit, so numbers are handed out in commit order and a pull
 * cursor never passes a number that could still commit (docs/decisions/007-two-engines.md):
 * on SQLite the batch's IMMEDIATE transaction holds the one write lock; on PostgreSQL the
 * school's counter row is locked (FOR UPDATE) until the transaction ends, which also
 * serialises every other writer of that school's change_seq (nextChangeSeq's UPDATE takes the
 * same row lock); other schools' writers are not held up. Values used by
 * a rolled-back savepoint are simply skipped.
 */
export class ChangeSeqRange {
  private constructor(
    private readonly db: Tx,
    private readonly schoolId: string,
    private next: number,
  ) {}

  /** `db` must be inside its write transaction; numbers come from `schoolId`'s counter. */
  static async open(db: Tx, schoolId: string): Promise<ChangeSeqRange> {
    const [row] = await rowsOf<{ value: number }>(
      db,
      currentEngine() === 'postgres'
        ? 'SELECT value FROM change_counter WHERE school_id = ? FOR UPDATE'
        : 'SELECT value FROM change_counter WHERE school_id = ?',
      schoolId,
    );
    if (row === undefined) throw counterMissing(schoolId);
    return new ChangeSeqRange(db, schoolId, Number(row.value) + 1);
  }

  readonly take = (): number => this.next++;

  /** Must run inside the same transaction, after the last take(). */
  async commit(): Promise<void> {
    await run(
      this.db,
      'UPDATE change_counter SET value = ? WHERE school_id = ?',
      this.next - 1,
      this.schoolId,
    );
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}
