import { type INVENTORY_FILTERS } from '@urs/sync-protocol';

export type InventoryFilter = (typeof INVENTORY_FILTERS)[number];
export const ITEMS_PER_PAGE = 25;
export const MAX_SEARCH_LENGTH = 200;

/** What the items tab keeps in the URL: `/inventory?q=sapu&filter=low_stock&page=2&item=<id>`. */
export interface ItemsListState {
  q: string;
  filter: InventoryFilter;
  page: number;
  /** The item whose detail is open, or null for the list. */
  item: string | null;
}

export const EMPTY_ITEMS_STATE: ItemsListState = { q: '', filter: 'all', page: 1, item: null };
