import { mutationParent, type EntityRef, type SyncedEntity } from '@urs/sync-protocol';
import type { OutboxEntry } from '../db/database.js';
import { rowKey } from './shadows.js';

/** How a row with a change the server has not accepted yet is shown. */
export type SyncMark = 'pending' | 'rejected';

type Concerning = Pick<OutboxEntry, 'entity' | 'entity_id' | 'mutation'>;

/**
 * The rows an outbox entry is about: its own (named by the contract's mutation-to-entity map
 * when it was queued), then the parent its args name, if any (a photo's report, a stock
 * transaction's item).
 */
export function rowsConcerned(entry: Concerning): EntityRef[] {
  const own: EntityRef = { entity: entry.entity, id: entry.entity_id };
  const parent = mutationParent(entry.mutation.name, entry.mutation.args);
  return parent === undefined ? [own] : [own, parent];
}

/** Whether an entry is about the row, as its own or as its parent. */
export function concerns(entry: Concerning, entity: SyncedEntity, id: string): boolean {
  return rowsConcerned(entry).some((row) => row.entity === entity && row.id === id);
}

/**
 * The rows of one entity waiting to sync: those the entries are about, and any row their
 * optimistic writes touched. A refusal outranks a wait, so a rejected change is never shown as
 * merely pending.
 */
export function waitingMarks(
  entries: readonly (Concerning & Pick<OutboxEntry, 'rows' | 'status'>)[],
  entity: SyncedEntity,
): Map<string, SyncMark> {
  const marks = new Map<string, SyncMark>();
  const prefix = rowKey(entity, '');
  const mark = (id: string, status: SyncMark) => {
    if (marks.get(id) !== 'rejected') marks.set(id, status);
  };
  for (const entry of entries) {
    for (const row of rowsConcerned(entry)) if (row.entity === entity) mark(row.id, entry.status);
    for (const key of entry.rows)
      if (key.startsWith(prefix)) mark(key.slice(prefix.length), entry.status);
  }
  return marks;
}
