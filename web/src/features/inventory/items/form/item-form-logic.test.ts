import { describe, expect, it } from 'vitest';
import { checkArgs } from './item-args.js';
import {
  EMPTY_ITEM_FORM,
  createdItemRow,
  itemCreateArgs,
  itemFormFrom,
  itemUpdateArgs,
  normalizeSku,
  skuTaken,
  updatedItemRow,
} from './item-form-logic.js';
import { formFromArgs as itemFormFromArgs } from '../../refused-form.js';
import { ITEM_ID, AT, item } from '../test-fixtures.js';

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
