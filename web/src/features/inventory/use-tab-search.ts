import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { InventorySearch } from './inventory-search.js';

const inventoryRoute = getRouteApi('/_shell/inventory');

/**
 * A tab's state read from `/inventory`'s URL and written back to it, so a reload or a shared
 * link opens the same view. `replace` keeps typing in a search box out of the history.
 */
export function useTabSearch<S>(
  stateOf: (search: InventorySearch) => S,
  searchOf: (state: S) => InventorySearch,
): [S, (next: S, replace?: boolean) => void] {
  const navigate = useNavigate();
  const search = inventoryRoute.useSearch();
  const state = useMemo(() => stateOf(search), [search, stateOf]);
  const go = (next: S, replace = false) => {
    void navigate({ to: '/inventory', search: searchOf(next), replace });
  };
  return [state, go];
}
