import { describe, expect, it } from 'vitest';
import { EMPTY_ITEMS_STATE } from './items-search.js';
import { listStateFromSearch, hrefFromListState } from '../test-fixtures.js';

describe('the list state in the URL', () => {
  it('reads search, filter, page and item, and writes them back without a tab param', () => {
    const state = listStateFromSearch('?q=%20sapu%20&filter=low_stock&page=3&item=abc');
    expect(state).toEqual({ q: 'sapu', filter: 'low_stock', page: 3, item: 'abc' });
    expect(hrefFromListState(state)).toBe('/inventory?q=sapu&filter=low_stock&page=3&item=abc');
  });

  it('drops bad values one by one instead of failing the whole link', () => {
    expect(listStateFromSearch('?filter=everything&page=-2&item=')).toEqual(EMPTY_ITEMS_STATE);
    expect(listStateFromSearch('?page=2.5').page).toBe(1);
    expect(listStateFromSearch('?page=abc').page).toBe(1);
    expect(listStateFromSearch(`?item=${'x'.repeat(65)}`).item).toBeNull();
    expect(listStateFromSearch(`?q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });

  it('leaves defaults out of the href, so the plain tab is just /inventory', () => {
    expect(hrefFromListState(EMPTY_ITEMS_STATE)).toBe('/inventory');
    expect(hrefFromListState({ ...EMPTY_ITEMS_STATE, filter: 'inactive' })).toBe(
      '/inventory?filter=inactive',
    );
  });
});
