import { eq, sql } from 'drizzle-orm';
import type { Reader, Tx } from './handles.js';
import { currentEngine } from './dialect.js';
import { rowsOf, run } from './statement.js';
import { changeCounter } from './schema.js';

/** Any handle that can read: the database itself or a transaction. */
export type DbOrTx = Reader;

/**
 * Takes the next value of the one change counter. Call it inside the transaction that writes
 * the row: SQLite has a single writer, so values are handed out in commit order and a pull
 * cursor never skips a row that commits later with a smaller number.
 */
export async function nextChangeSeq(tx: Tx): Promise<number> {
  const [row] = await tx
    .update(changeCounter)
    .set({ value: sql`${changeCounter.value} + 1` })
    .where(eq(changeCounter.id, 1))
    .returning({ value: changeCounter.value });
  // Migration 0001 inserts the counter row; without it the schema is not migrated.
  if (row === undefined) throw new Error('change_counter row missing: run the migrations');
  return row.value;
}

/**
 * Hands out change_seq values for one batch transaction without a counter UPDATE per row: the
 * counter is read once and written back once, before commit. Whoever holds the counter may
 * number rows, and holds it until commit, so numbers are handed out in commit order and a pull
 * cursor never passes a number that could still commit (docs/decisions/007-two-engines.md):
 * on SQLite the batch's IMMEDIATE transaction holds the one write lock; on PostgreSQL the
 * counter row is locked (FOR UPDATE) until the transaction ends, which also serialises every
 * other writer of change_seq (nextChangeSeq's UPDATE takes the same row lock). Values used by
 * a rolled-back savepoint are simply skipped.
 */
export class ChangeSeqRange {
  private constructor(
    private readonly db: Tx,
    private next: number,
  ) {}

  /** `db` must be inside its write transaction. */
  static async open(db: Tx): Promise<ChangeSeqRange> {
    const [row] = await rowsOf<{ value: number }>(
      db,
      currentEngine() === 'postgres'
        ? 'SELECT value FROM change_counter WHERE id = 1 FOR UPDATE'
        : 'SELECT value FROM change_counter WHERE id = 1',
    );
    if (row === undefined) throw new Error('change_counter row missing: run the migrations');
    return new ChangeSeqRange(db, Number(row.value) + 1);
  }

  readonly take = (): number => this.next++;

  /** Must run inside the same transaction, after the last take(). */
  async commit(): Promise<void> {
    await run(this.db, 'UPDATE change_counter SET value = ? WHERE id = 1', this.next - 1);
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}
