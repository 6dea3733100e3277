import { ChangeSeqRange, type tables, type Tx } from '@urs/api';
import type { NewRow } from './context.js';
import type { SeedPlan } from './plan.js';

/** The tables the seed and the test worlds fill: every one takes a change_seq per row. */
export type SyncedTable = (typeof tables)[keyof SeedPlan];

function* chunks<T>(rows: readonly T[], size = 100): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Inserts rows straight into the database, each stamped with the school and the next change_seq
 * of that school's counter, so a pull sees them as it sees rows the API wrote. The numbers are
 * taken as a push batch takes them (one read and one write of the counter, not one per row).
 */
export async function insertStamped<T extends SyncedTable>(
  tx: Tx,
  schoolId: string,
  table: T,
  rows: readonly NewRow<T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const seq = await ChangeSeqRange.open(tx, schoolId);
  const stamped: T['$inferInsert'][] = [];
  for (const row of rows) {
    // A row without its school and change_seq plus those is the table's insert type; TypeScript
    // cannot see through Omit on a generic table.
    stamped.push({
      ...row,
      schoolId,
      changeSeq: seq.take(),
    } as T['$inferInsert']);
  }
  await seq.commit();
  for (const chunk of chunks(stamped)) await tx.insert(table).values(chunk);
}
