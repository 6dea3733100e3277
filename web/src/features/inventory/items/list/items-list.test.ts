import { describe, expect, it } from 'vitest';
import { filterItems, sortItemsByName, summarizeItems } from './items-list.js';
import { ITEMS_PER_PAGE } from './items-search.js';
import { pageOf } from '../../../../lib/paging.js';
import { item } from '../test-fixtures.js';

describe('summary, search and filters', () => {
  const items = [
    item({ id: 'a', name: 'Sapu', sku: 'SP-01', stock: 10, min_stock: 4 }),
    item({ id: 'b', name: 'Pel lantai', sku: null, stock: 3, min_stock: 4 }),
    item({ id: 'c', name: 'Cairan pembersih', sku: 'CP-9', stock: 0, min_stock: 0 }),
    item({ id: 'd', name: 'Lem', sku: 'lm-1', stock: 2, min_stock: 10, active: false }),
    item({ id: 'e', name: 'Kain lap', sku: 'KL', stock: -4, min_stock: 2 }),
  ];

  it('counts the four cards in one pass with the server rules', () => {
    expect(summarizeItems(items)).toEqual({
      total_items: 5,
      // b (warning), c (out), e (negative); d is low but inactive, so not counted.
      low_stock: 3,
      inactive: 1,
      // Negative stock does not reduce the total.
      total_quantity: 10 + 3 + 0 + 2,
    });
    expect(summarizeItems([])).toEqual({
      total_items: 0,
      low_stock: 0,
      inactive: 0,
      total_quantity: 0,
    });
  });

  it('searches name and SKU without case, and filters low stock and inactive', () => {
    expect(filterItems(items, 'SAPU', 'all').map((i) => i.id)).toEqual(['a']);
    expect(filterItems(items, 'cp-', 'all').map((i) => i.id)).toEqual(['c']);
    expect(filterItems(items, 'LM', 'all').map((i) => i.id)).toEqual(['d']);
    expect(filterItems(items, '  ', 'all')).toHaveLength(5);
    expect(filterItems(items, '', 'low_stock').map((i) => i.id)).toEqual(['b', 'c', 'e']);
    expect(filterItems(items, '', 'inactive').map((i) => i.id)).toEqual(['d']);
    expect(filterItems(items, 'pel', 'inactive')).toEqual([]);
    expect(filterItems(items, 'tidak ada', 'all')).toEqual([]);
  });

  it('sorts by name as people read it', () => {
    const sorted = sortItemsByName([
      item({ id: '1', name: 'sapu 10' }),
      item({ id: '2', name: 'Ember' }),
      item({ id: '3', name: 'Sapu 2' }),
      item({ id: '4', name: 'ember' }),
    ]);
    expect(sorted.map((i) => i.id)).toEqual(['2', '4', '3', '1']);
  });

  it('pages 25 at a time and clamps a page past the end', () => {
    const list = Array.from({ length: 60 }, (_, n) => n);
    expect(pageOf(list, 1, ITEMS_PER_PAGE)).toMatchObject({ pages: 3, page: 1 });
    expect(pageOf(list, 3, ITEMS_PER_PAGE).rows).toEqual([50, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
    expect(pageOf(list, 9, ITEMS_PER_PAGE).page).toBe(3);
    expect(pageOf(list, 0, ITEMS_PER_PAGE).page).toBe(1);
    expect(pageOf([], 4, ITEMS_PER_PAGE)).toEqual({ pages: 1, page: 1, rows: [], total: 0 });
  });

  it('handles 5,000 items in well under a frame budget per step', () => {
    const many = Array.from({ length: 5000 }, (_, n) =>
      item({ id: `i${n}`, name: `Barang ${n}`, sku: `SKU-${n}`, stock: n % 13, min_stock: 5 }),
    );
    const start = performance.now();
    const sorted = sortItemsByName(many);
    const summary = summarizeItems(many);
    const found = filterItems(sorted, 'sku-49', 'low_stock');
    const elapsed = performance.now() - start;
    expect(summary.total_items).toBe(5000);
    expect(found.every((i) => i.sku?.toLowerCase().includes('sku-49'))).toBe(true);
    expect(elapsed).toBeLessThan(1000);
  });
});
