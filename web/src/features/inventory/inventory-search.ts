import * as z from 'zod/mini';
import { INVENTORY_FILTERS } from '@urs/sync-protocol';
import {
  lazySchema,
  type LazyOutput,
  optionalParam,
  searchPage,
  searchParam,
  searchText,
  textParam,
} from '../../lib/search-params.js';
import { MAX_SEARCH_LENGTH, type ItemsListState } from './items/list/items-search.js';
import { QUERY_MAX, STATUS_FILTERS, type RequestsView } from './requests/list/requests-search.js';
import { INVENTORY_TABS } from './inventory-tabs.js';

/**
 * `/inventory`'s URL: which tab, and each tab's list state (`?q=sapu&filter=low_stock&page=2`,
 * `?tab=requests&status=pending&request=<id>&new=1`). The two tabs share `q` and `page`.
 */
export const inventorySearchSchema = lazySchema(() =>
  z.object({
    tab: optionalParam(z.enum(INVENTORY_TABS)),
    q: optionalParam(searchText()),
    page: searchPage(),
    filter: optionalParam(z.enum(INVENTORY_FILTERS)),
    item: textParam(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
    status: optionalParam(z.enum(STATUS_FILTERS)),
    request: optionalParam(searchText().check(z.refine((id) => id.trim() !== ''))),
    new: textParam(z.literal('1')),
  }),
);

export type InventorySearch = LazyOutput<typeof inventorySearchSchema>;

/** The open tab: items unless the URL asks for requests. */
export const tabOf = (search: InventorySearch) => search.tab ?? 'items';

/** The items tab's state in a checked URL, its defaults filled in. */
export function itemsStateOf(search: InventorySearch): ItemsListState {
  return {
    q: (search.q ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    filter: search.filter ?? 'all',
    page: search.page ?? 1,
    item: search.item ?? null,
  };
}

/** The requests tab's view in a checked URL, its defaults filled in. */
export function requestsViewOf(search: InventorySearch): RequestsView {
  return {
    status: search.status ?? 'all',
    q: (search.q ?? '').slice(0, QUERY_MAX),
    page: search.page ?? 1,
    request: search.request ?? null,
    creating: search.new !== undefined,
  };
}

/** The items tab's URL search; defaults are left out, so the plain tab is just /inventory. */
export function itemsSearch(state: ItemsListState): InventorySearch {
  return {
    q: searchParam(state.q),
    filter: state.filter === 'all' ? undefined : state.filter,
    page: state.page > 1 ? state.page : undefined,
    item: searchParam(state.item),
  };
}

/** The requests tab's URL search: always `tab=requests`; defaults are left out. */
export function requestsSearch(view: RequestsView): InventorySearch {
  return {
    tab: 'requests',
    status: view.status === 'all' ? undefined : view.status,
    q: searchParam(view.q),
    page: view.page > 1 ? view.page : undefined,
    request: searchParam(view.request),
    new: view.creating ? '1' : undefined,
  };
}
