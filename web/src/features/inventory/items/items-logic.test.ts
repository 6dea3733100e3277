import { describe, expect, it } from 'vitest';
import type { InventoryItem, StockTransaction } from '@urs/sync-protocol';
import type { OutboxEntry } from '../../../db/database.js';
import { checkArgs } from './item-args.js';
import { localMetrics, newestFirst, recentAreas, signedQuantity } from './item-detail-logic.js';
import {
  EMPTY_ITEM_FORM,
  createdItemRow,
  itemCreateArgs,
  itemFormFrom,
  itemFormFromArgs,
  itemUpdateArgs,
  normalizeSku,
  skuTaken,
  updatedItemRow,
} from './item-form-logic.js';
import { canManageItems } from './item-permissions.js';
import { entriesForItem, syncMarks } from './item-sync-marks.js';
import { filterItems, sortItemsByName, summarizeItems } from './items-list.js';
import { EMPTY_ITEMS_STATE, ITEMS_PER_PAGE } from './items-search.js';
import { stockRecordArgs, transactionRow } from './stock-form-logic.js';
import { exceedsStock, parseWholeNumber, stockAfter, stockDelta } from './stock-numbers.js';
import { pageOf } from '../../../lib/paging.js';
import { parseSearchString, stringifySearch } from '../../../lib/search-params.js';
import { inventorySearchSchema, itemsSearch, itemsStateOf } from '../inventory-search.js';
import type { ItemsListState } from './items-search.js';

/** The items tab's state the router gives for a query string. */
const listStateFromSearch = (search: string) =>
  itemsStateOf(parseSearchString(inventorySearchSchema, search));
/** The href the tab's navigation writes for a state. */
const hrefFromListState = (state: ItemsListState) =>
  `/inventory${stringifySearch(itemsSearch(state))}`;

const ITEM_ID = '0190a0b0-0000-7000-8000-0000000000a1';
const TX_ID = '0190a0b0-0000-7000-8000-0000000000b1';
const AREA_ID = '0190a0b0-0000-7000-8000-0000000000c1';
const USER_ID = '0190a0b0-0000-7000-8000-0000000000d1';
const AT = '2026-11-23T08:00:00.000Z';

function item(overrides: Partial<InventoryItem> = {}): InventoryItem {
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

function tx(overrides: Partial<StockTransaction> = {}): StockTransaction {
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

type EntryShape = Pick<OutboxEntry, 'entity' | 'entity_id' | 'mutation' | 'rows' | 'status'>;

function entry(
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

describe('roles', () => {
  it('lets only admin and inventory_staff manage items', () => {
    expect(canManageItems('admin')).toBe(true);
    expect(canManageItems('inventory_staff')).toBe(true);
    for (const role of ['custodian', 'technician', 'gardener'] as const) {
      expect(canManageItems(role)).toBe(false);
    }
    expect(canManageItems(null)).toBe(false);
    expect(canManageItems(undefined)).toBe(false);
  });
});

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

describe('sync marks', () => {
  it('marks an item for its own changes, its transactions and rows its entries touched', () => {
    const marks = syncMarks([
      entry('item.update', 'inventory_items', 'a', { id: 'a' }, ['inventory_items/a']),
      entry('stock.record', 'stock_transactions', 't1', { id: 't1', item_id: 'b' }, [
        'stock_transactions/t1',
        'inventory_items/b',
      ]),
      entry('report.create', 'reports', 'r', { id: 'r' }, ['reports/r']),
    ]);
    expect([...marks.items.entries()].sort()).toEqual([
      ['a', 'pending'],
      ['b', 'pending'],
    ]);
    expect(marks.transactions.get('t1')).toBe('pending');
  });

  it('shows a refusal over a wait, whatever the order', () => {
    const rejected = entry(
      'stock.record',
      'stock_transactions',
      't1',
      { id: 't1', item_id: 'a' },
      ['stock_transactions/t1', 'inventory_items/a'],
      'rejected',
    );
    const pending = entry('item.update', 'inventory_items', 'a', { id: 'a' }, [
      'inventory_items/a',
    ]);
    expect(syncMarks([rejected, pending]).items.get('a')).toBe('rejected');
    expect(syncMarks([pending, rejected]).items.get('a')).toBe('rejected');
  });

  it('survives args without an item id', () => {
    const marks = syncMarks([
      entry('stock.record', 'stock_transactions', 't', { id: 't', item_id: 42 }, []),
    ]);
    expect(marks.items.size).toBe(0);
    expect(marks.transactions.get('t')).toBe('pending');
  });

  it('picks out the entries of one item', () => {
    const own = entry('item.create', 'inventory_items', 'a', { id: 'a' }, []);
    const usage = entry('stock.record', 'stock_transactions', 't', { id: 't', item_id: 'a' }, []);
    const other = entry('stock.record', 'stock_transactions', 'u', { id: 'u', item_id: 'b' }, []);
    expect(entriesForItem([own, usage, other], 'a')).toEqual([own, usage]);
  });
});

describe('numbers and stock arithmetic', () => {
  it('parses whole numbers people type and nothing else', () => {
    expect(parseWholeNumber('12')).toBe(12);
    expect(parseWholeNumber(' -3 ')).toBe(-3);
    expect(parseWholeNumber('+4')).toBe(4);
    expect(parseWholeNumber('1,5')).toBe(1.5);
    expect(parseWholeNumber('2.5')).toBe(2.5);
    for (const bad of ['', ' ', 'abc', '1e3', '0x10', '12abc', '--1', 'Infinity']) {
      expect(parseWholeNumber(bad)).toBeNaN();
    }
  });

  it('moves stock in, out and by a signed adjustment', () => {
    expect(stockDelta('in', 5)).toBe(5);
    expect(stockDelta('out', 5)).toBe(-5);
    expect(stockDelta('adjustment', -2)).toBe(-2);
    expect(stockAfter(10, 'in', 5)).toBe(15);
    expect(stockAfter(10, 'out', 12)).toBe(-2);
    expect(stockAfter(10, 'adjustment', -3)).toBe(7);
    expect(signedQuantity('out', 3)).toBe('\u22123');
    expect(signedQuantity('in', 3)).toBe('+3');
    expect(signedQuantity('adjustment', -1)).toBe('\u22121');
  });

  it('warns only for an out beyond the recorded stock', () => {
    expect(exceedsStock(10, 'out', 11)).toBe(true);
    expect(exceedsStock(10, 'out', 10)).toBe(false);
    expect(exceedsStock(0, 'out', 1)).toBe(true);
    expect(exceedsStock(-2, 'out', 1)).toBe(true);
    expect(exceedsStock(1, 'in', 100)).toBe(false);
    expect(exceedsStock(1, 'adjustment', -100)).toBe(false);
    expect(exceedsStock(1, 'out', Number.NaN)).toBe(false);
  });
});

describe('SKU uniqueness', () => {
  const items = [item({ id: 'a', sku: 'SP-01' }), item({ id: 'b', sku: null })];

  it('compares without case and ignores the item being edited', () => {
    expect(skuTaken(items, 'sp-01', null)).toBe(true);
    expect(skuTaken(items, 'SP-01', 'a')).toBe(false);
    expect(skuTaken(items, 'SP-02', null)).toBe(false);
    expect(skuTaken(items, null, null)).toBe(false);
  });

  it('treats a blank SKU as none', () => {
    expect(normalizeSku('   ')).toBeNull();
    expect(normalizeSku(null)).toBeNull();
    expect(normalizeSku(' SP-9 ')).toBe('SP-9');
  });
});

describe('item form -> mutation args', () => {
  it('creates with the contract normalising text and defaults', () => {
    const args = itemCreateArgs(
      {
        ...EMPTY_ITEM_FORM,
        name: '  Sapu  ',
        sku: ' ',
        unit: 'pcs',
        stock: '',
        min_stock: '3',
        description: '  ',
      },
      ITEM_ID,
    );
    const checked = checkArgs('item.create', args);
    expect(checked).toEqual({
      ok: true,
      args: {
        id: ITEM_ID,
        name: 'Sapu',
        sku: null,
        unit: 'pcs',
        stock: 0,
        min_stock: 3,
        description: null,
        active: true,
        trackable: true,
      },
    });
    if (checked.ok) expect(createdItemRow(checked.args, AT)).toMatchObject({ stock: 0, sku: null });
  });

  it('returns the contract errors per field for bad input', () => {
    const checked = checkArgs(
      'item.create',
      itemCreateArgs(
        { ...EMPTY_ITEM_FORM, name: ' ', unit: '', stock: '-1', min_stock: 'x' },
        ITEM_ID,
      ),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.name).toEqual(['Nama barang wajib diisi.']);
    expect(checked.errors.unit).toEqual(['Satuan wajib diisi.']);
    expect(checked.errors.stock).toEqual(['Stok tidak boleh negatif.']);
    expect(checked.errors.min_stock).toEqual(['Jumlah harus berupa angka.']);
  });

  it('refuses a decimal stock rather than rounding it', () => {
    const checked = checkArgs(
      'item.create',
      itemCreateArgs({ ...EMPTY_ITEM_FORM, name: 'A', unit: 'pcs', stock: '1.5' }, ITEM_ID),
    );
    expect(checked.ok ? null : checked.errors.stock).toEqual(['Jumlah harus bilangan bulat.']);
  });

  it('updates only the fields that changed, and nothing when none did', () => {
    const current = item({ description: 'Lama' });
    expect(itemUpdateArgs(current, itemFormFrom(current))).toBeNull();
    expect(itemUpdateArgs(current, { ...itemFormFrom(current), name: ' Sapu ijuk ' })).toBeNull();
    expect(
      itemUpdateArgs(current, {
        ...itemFormFrom(current),
        sku: '',
        min_stock: '6',
        description: '',
        active: false,
      }),
    ).toEqual({ id: ITEM_ID, sku: null, min_stock: 6, description: null, active: false });
  });

  it('never sends stock in an update: stock moves only through transactions', () => {
    const current = item();
    const args = itemUpdateArgs(current, { ...itemFormFrom(current), stock: '99', name: 'Baru' });
    expect(args).toEqual({ id: ITEM_ID, name: 'Baru' });
    const checked = checkArgs('item.update', args ?? { id: ITEM_ID });
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(updatedItemRow(current, checked.args, AT).stock).toBe(10);
  });

  it('refills a refused change from its args, keeping what the args lack', () => {
    const values = itemFormFromArgs(
      { id: ITEM_ID, name: 'Sapu', sku: 'DUP', stock: 4, description: null, active: false },
      itemFormFrom(item({ unit: 'buah' })),
    );
    expect(values).toMatchObject({
      name: 'Sapu',
      sku: 'DUP',
      stock: '4',
      unit: 'buah',
      description: '',
      active: false,
      trackable: true,
    });
    expect(itemFormFromArgs(null, EMPTY_ITEM_FORM)).toEqual(EMPTY_ITEM_FORM);
  });
});

describe('stock form -> stock.record args', () => {
  it('builds valid args and the optimistic transaction row', () => {
    const checked = checkArgs(
      'stock.record',
      stockRecordArgs(
        { type: 'out', quantity: '3', notes: '  lantai 2 ', area_id: AREA_ID },
        ITEM_ID,
        TX_ID,
        AT,
      ),
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(transactionRow(checked.args, USER_ID, AT)).toEqual({
      id: TX_ID,
      item_id: ITEM_ID,
      type: 'out',
      quantity: 3,
      notes: 'lantai 2',
      area_id: AREA_ID,
      recorded_by: USER_ID,
      occurred_at: AT,
      created_at: AT,
      updated_at: AT,
    });
  });

  it('accepts a negative adjustment but not a zero one, nor a non-positive in/out', () => {
    const record = (type: 'in' | 'out' | 'adjustment', quantity: string) =>
      checkArgs(
        'stock.record',
        stockRecordArgs({ type, quantity, notes: '', area_id: '' }, ITEM_ID, TX_ID, AT),
      );
    expect(record('adjustment', '-2').ok).toBe(true);
    for (const [type, quantity] of [
      ['adjustment', '0'],
      ['in', '0'],
      ['out', '-1'],
    ] as const) {
      const checked = record(type, quantity);
      expect(checked.ok ? null : checked.errors.quantity).toEqual(['Jumlah harus lebih dari 0.']);
    }
    const blank = record('out', '');
    expect(blank.ok ? null : blank.errors.quantity).toEqual(['Jumlah harus berupa angka.']);
  });

  it('refuses an area id that is not an id, and a bad item id', () => {
    const checked = checkArgs(
      'stock.record',
      stockRecordArgs({ type: 'in', quantity: '1', notes: '', area_id: 'lobby' }, 'x', TX_ID, AT),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(['area_id', 'item_id']);
  });
});

describe('item detail', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();

  it('totals in/out/adjustments over 90 days and finds the newest transaction', () => {
    const list = [
      tx({ id: 't1', type: 'in', quantity: 20, occurred_at: days(100) }),
      tx({ id: 't2', type: 'out', quantity: 3, occurred_at: days(10) }),
      tx({ id: 't3', type: 'in', quantity: 5, occurred_at: days(5) }),
      tx({ id: 't4', type: 'adjustment', quantity: -2, occurred_at: days(1) }),
      tx({ id: 't5', type: 'out', quantity: 1, occurred_at: 'not a date' }),
    ];
    const metrics = localMetrics(list, now);
    expect(metrics).toMatchObject({ count: 3, totalIn: 5, totalOut: 3, adjusted: -2 });
    expect(metrics.last?.id).toBe('t4');
    expect(localMetrics([], now)).toEqual({
      count: 0,
      totalIn: 0,
      totalOut: 0,
      adjusted: 0,
      last: null,
    });
  });

  it('lists areas the item went out to, most recent first', () => {
    const areas = recentAreas([
      tx({ id: '1', area_id: 'gudang', occurred_at: days(9) }),
      tx({ id: '2', area_id: 'kantin', occurred_at: days(3) }),
      tx({ id: '3', area_id: 'gudang', occurred_at: days(1) }),
      tx({ id: '4', type: 'in', area_id: 'lab', occurred_at: days(0) }),
      tx({ id: '5', area_id: null, occurred_at: days(0) }),
    ]);
    expect(areas).toEqual([
      { area_id: 'gudang', last_used_at: days(1), uses: 2 },
      { area_id: 'kantin', last_used_at: days(3), uses: 1 },
    ]);
  });

  it('orders history newest first, ties by id', () => {
    const ordered = newestFirst([
      tx({ id: 'a', occurred_at: days(2) }),
      tx({ id: 'c', occurred_at: days(1) }),
      tx({ id: 'b', occurred_at: days(1) }),
    ]);
    expect(ordered.map((t) => t.id)).toEqual(['c', 'b', 'a']);
  });
});
