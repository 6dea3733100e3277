import { INVENTORY_FILTERS } from '@urs/sync-protocol';
import { buildQuery } from '../../../lib/admin-kit.js';

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

function isFilter(value: string | null): value is InventoryFilter {
  return INVENTORY_FILTERS.some((filter) => filter === value);
}

/** Reads the list state from a query string; a bad value (a typo in a shared link) is dropped. */
export function listStateFromSearch(search: string): ItemsListState {
  const params = new URLSearchParams(search);
  const rawFilter = params.get('filter');
  const pageNumber = Number(params.get('page'));
  const item = params.get('item')?.trim() ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    filter: isFilter(rawFilter) ? rawFilter : 'all',
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1,
    item: item !== '' && item.length <= 64 ? item : null,
  };
}

/** The `/inventory` href of a state; defaults are left out and `tab` never appears. */
export function hrefFromListState(state: ItemsListState): string {
  return `/inventory${buildQuery({
    q: state.q,
    filter: state.filter === 'all' ? undefined : state.filter,
    page: state.page > 1 ? state.page : undefined,
    item: state.item,
  })}`;
}
