import { useLiveQuery } from 'dexie-react-hooks';
import type { Area, InventoryItem, StockTransaction } from '@urs/sync-protocol';
import { useMemo, useSyncExternalStore } from 'react';
import { namesOf, openEntriesFor } from '../../../../sync/index.js';
import { db, type OutboxEntry } from '../../../../db/index.js';
import { newestFirst } from '../detail/item-detail-logic.js';
import { syncMarks, type SyncMarks } from './item-sync-marks.js';

/*
 * The tab's live reads from the device. The screen reads only Dexie, so it looks the same
 * online and offline and shows a queued change the moment it is saved.
 */

/** Every item on the device (the device holds them all; 5,000 is a normal school). */
export function useAllItems(): InventoryItem[] | undefined {
  return useLiveQuery(() => db.inventory_items.toArray(), []);
}

export function useItem(id: string | null): InventoryItem | null | undefined {
  return useLiveQuery(
    async () => (id === null ? null : ((await db.inventory_items.get(id)) ?? null)),
    [id],
  );
}

/** This user's outbox entries not yet accepted: pending or refused. */
export function useOpenEntries(userId: string | null): OutboxEntry[] {
  return (
    useLiveQuery(async () => {
      if (userId === null) return [];
      return openEntriesFor(db, userId).sortBy('seq');
    }, [userId]) ?? []
  );
}

const NO_MARKS: SyncMarks = { items: new Map(), transactions: new Map() };

export function useSyncMarks(entries: readonly OutboxEntry[]): SyncMarks {
  return useMemo(() => (entries.length === 0 ? NO_MARKS : syncMarks(entries)), [entries]);
}

/** The item's transactions on the device, newest first. */
export function useItemTransactions(itemId: string | null): StockTransaction[] | undefined {
  return useLiveQuery(async () => {
    if (itemId === null) return [];
    return newestFirst(await db.stock_transactions.where('item_id').equals(itemId).toArray());
  }, [itemId]);
}

/** Active areas by name, for the transaction form. */
export function useActiveAreas(): Area[] {
  return (
    useLiveQuery(async () =>
      (await db.areas.toArray())
        .filter((area) => area.active)
        .sort((a, b) => a.name.localeCompare(b.name, 'id')),
    ) ?? []
  );
}

/** Names of the given users and areas as far as the device knows them. */
export function useNames(
  userIds: readonly string[],
  areaIds: readonly string[],
): { users: Map<string, string>; areas: Map<string, string> } {
  const key = `${[...new Set(userIds)].sort().join(',')}|${[...new Set(areaIds)].sort().join(',')}`;
  return (
    useLiveQuery(async () => {
      const [users, areas] = await Promise.all([
        namesOf(db, 'users', userIds),
        namesOf(db, 'areas', areaIds),
      ]);
      return { users, areas };
    }, [key]) ?? { users: new Map<string, string>(), areas: new Map<string, string>() }
  );
}

function subscribeWide(query: string) {
  return (notify: () => void) => {
    if (typeof window.matchMedia !== 'function') return () => undefined;
    const list = window.matchMedia(query);
    list.addEventListener('change', notify);
    return () => list.removeEventListener('change', notify);
  };
}

const WIDE_QUERY = '(min-width: 768px)';
const subscribeWideList = subscribeWide(WIDE_QUERY);

/** Wide enough for the item table; phones get cards. */
export function useWideList(): boolean {
  return useSyncExternalStore(
    subscribeWideList,
    () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_QUERY).matches,
    () => false,
  );
}
