import { describe, expect, it } from 'vitest';
import { entriesForItem, syncMarks } from './item-sync-marks.js';
import { entry } from '../test-fixtures.js';

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
