import { eq, sql } from 'drizzle-orm';
import type { Reader, Tx } from './client.js';
import { statement } from './prepared.js';
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
 * counter is read once and written back once, before commit. Safe because the batch holds
 * SQLite's write lock from start to end (an IMMEDIATE transaction), so no other writer can take
 * numbers in between; values used by a rolled-back savepoint are simply skipped.
 */
export class ChangeSeqRange {
  private next: number;

  /** `db` must be inside its IMMEDIATE transaction; the statements are prepared once per connection. */
  constructor(private readonly db: Tx) {
    const row = statement<[], { value: number } | undefined>(
      db,
      'SELECT value FROM change_counter WHERE id = 1',
    ).get();
    if (row === undefined) throw new Error('change_counter row missing: run the migrations');
    this.next = row.value + 1;
  }

  readonly take = (): number => this.next++;

  /** Must run inside the same transaction, after the last take(). */
  commit(): void {
    statement<[number]>(this.db, 'UPDATE change_counter SET value = ? WHERE id = 1').run(
      this.next - 1,
    );
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}
