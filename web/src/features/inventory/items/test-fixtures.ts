import type { InventoryItem, StockTransaction } from '@urs/sync-protocol';
import type { OutboxEntry } from '../../../db/database.js';
import { parseSearchString, stringifySearch } from '../../../lib/search-params.js';
import { inventorySearchSchema, itemsSearch, itemsStateOf } from '../inventory-search.js';
import type { ItemsListState } from './list/items-search.js';

/* Builders shared by the tests of this folder (never imported by the app). */

/** The items tab's state the router gives for a query string. */
export const listStateFromSearch = (search: string) =>
  itemsStateOf(parseSearchString(inventorySearchSchema, search));
/** The href the tab's navigation writes for a state. */
export const hrefFromListState = (state: ItemsListState) =>
  `/inventory${stringifySearch(itemsSearch(state))}`;

export const ITEM_ID = '0190a0b0-0000-7000-8000-0000000000a1';
export const TX_ID = '0190a0b0-0000-7000-8000-0000000000b1';
export const AREA_ID = '0190a0b0-0000-7000-8000-0000000000c1';
export const USER_ID = '0190a0b0-0000-7000-8000-0000000000d1';
export const AT = '2026-11-23T08:00:00.000Z';

export function item(overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    id: ITEM_ID,
    name: 'Sapu ijuk',
    sku: 'SP-01',
    unit: 'pcs',
    stock: 10,
    min_stock: 4,
    description: null,
    active: true,
    trackable: true,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export function tx(overrides: Partial<StockTransaction> = {}): StockTransaction {
  return {
    id: TX_ID,
    item_id: ITEM_ID,
    type: 'out',
    quantity: 1,
    notes: null,
    area_id: null,
    recorded_by: USER_ID,
    occurred_at: AT,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export type EntryShape = Pick<OutboxEntry, 'entity' | 'entity_id' | 'mutation' | 'rows' | 'status'>;

export function entry(
  name: OutboxEntry['mutation']['name'],
  entity: OutboxEntry['entity'],
  entityId: string,
  args: Record<string, unknown>,
  rows: string[],
  status: OutboxEntry['status'] = 'pending',
): EntryShape {
  return {
    entity,
    entity_id: entityId,
    status,
    rows,
    mutation: { id: 'm', seq: 1, name, args, at: AT },
  };
}
