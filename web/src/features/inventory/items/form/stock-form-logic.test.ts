import { describe, expect, it } from 'vitest';
import { checkArgs } from './item-args.js';
import { stockRecordArgs, transactionRow } from './stock-form-logic.js';
import { ITEM_ID, TX_ID, AREA_ID, USER_ID, AT } from '../test-fixtures.js';

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
    for (const [type, quantity, message] of [
      ['adjustment', '0', 'Selisih penyesuaian tidak boleh 0.'],
      ['in', '0', 'Jumlah harus lebih dari 0.'],
      ['out', '-1', 'Jumlah harus lebih dari 0.'],
    ] as const) {
      const checked = record(type, quantity);
      expect(checked.ok ? null : checked.errors.quantity).toEqual([message]);
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
