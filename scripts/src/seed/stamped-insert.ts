import { nextChangeSeq, type tables, type Tx } from '@urs/api';
import type { NewRow } from './context.js';
import type { SeedPlan } from './plan.js';

/** The tables the seed and the test worlds fill: every one takes a change_seq per row. */
export type SyncedTable = (typeof tables)[keyof SeedPlan];

function* chunks<T>(rows: readonly T[], size = 100): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Inserts rows straight into the database, each stamped with the next change_seq, so a pull sees
 * them as it sees rows the API wrote.
 */
export async function insertStamped<T extends SyncedTable>(
  tx: Tx,
  table: T,
  rows: readonly NewRow<T>[],
): Promise<void> {
  const stamped: T['$inferInsert'][] = [];
  for (const row of rows) {
    // A row without its change_seq plus the change_seq is the table's insert type; TypeScript
    // cannot see through Omit on a generic table.
    stamped.push({ ...row, changeSeq: await nextChangeSeq(tx) } as T['$inferInsert']);
  }
  for (const chunk of chunks(stamped)) await tx.insert(table).values(chunk);
}
