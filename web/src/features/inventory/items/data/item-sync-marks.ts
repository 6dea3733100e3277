import type { OutboxEntry } from '../../../../db/database.js';
import { concerns, waitingMarks, type SyncMark } from '../../../../sync/index.js';

/** An outbox entry as the item screens show it (waiting or refused). */
export type { OutboxEntry };

export interface SyncMarks {
  items: Map<string, SyncMark>;
  transactions: Map<string, SyncMark>;
}

/**
 * Items and transactions with a change the server has not accepted yet: the item's own
 * mutations, stock transactions of it, and any entry whose optimistic write touched its row.
 */
export function syncMarks(
  entries: readonly Pick<OutboxEntry, 'entity' | 'entity_id' | 'mutation' | 'rows' | 'status'>[],
): SyncMarks {
  return {
    items: waitingMarks(entries, 'inventory_items'),
    transactions: waitingMarks(entries, 'stock_transactions'),
  };
}

/** The outbox entries that concern one item (its own, and its stock transactions'). */
export function entriesForItem<T extends Pick<OutboxEntry, 'entity' | 'entity_id' | 'mutation'>>(
  entries: readonly T[],
  itemId: string,
): T[] {
  return entries.filter((entry) => concerns(entry, 'inventory_items', itemId));
}
