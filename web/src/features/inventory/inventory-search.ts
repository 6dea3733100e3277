import { INVENTORY_FILTERS, z } from '@urs/sync-protocol';
import { searchPage, searchParam, searchText } from '../../lib/search-params.js';
import { MAX_SEARCH_LENGTH, type ItemsListState } from './items/items-search.js';
import { QUERY_MAX, STATUS_FILTERS, type RequestsView } from './requests/requests-search.js';
import { INVENTORY_TABS } from './inventory-tabs.js';

/** An optional param that drops itself when bad (a typo in a shared link), not the whole URL. */
const optional = <T extends z.ZodType>(rule: T) => rule.optional().catch(undefined);

/**
 * `/inventory`'s URL: which tab, and each tab's list state (`?q=sapu&filter=low_stock&page=2`,
 * `?tab=requests&status=pending&request=<id>&new=1`). The two tabs share `q` and `page`.
 */
export const inventorySearchSchema = z.object({
  tab: optional(z.enum(INVENTORY_TABS)),
  q: optional(searchText),
  page: searchPage,
  filter: optional(z.enum(INVENTORY_FILTERS)),
  item: optional(searchText.pipe(z.string().trim().min(1).max(64))),
  status: optional(z.enum(STATUS_FILTERS)),
  request: optional(searchText.refine((id) => id.trim() !== '')),
  new: optional(searchText.pipe(z.literal('1'))),
});

export type InventorySearch = z.output<typeof inventorySearchSchema>;

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
