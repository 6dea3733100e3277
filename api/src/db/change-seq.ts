import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Takes the next value of the one change counter. Call it inside the transaction that writes
 * the row: SQLite has a single writer, so values are handed out in commit order and a pull
 * cursor never skips a row that commits later with a smaller number.
 */
export function nextChangeSeq(db: DbOrTx): number {
  const row = db.get<{ value: number }>(
    sql`UPDATE change_counter SET value = value + 1 WHERE id = 1 RETURNING value`,
  );
  // Migration 0001 inserts the counter row; without it the schema is not migrated.
  if (row === undefined) throw new Error('change_counter row missing: run the migrations');
  return row.value;
}

export function nowIso(): string {
  return new Date().toISOString();
}
