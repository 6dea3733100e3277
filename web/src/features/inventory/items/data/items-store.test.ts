import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { newId, type InventoryItem } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUrsDatabase, type UrsDatabase } from '../../../../db/database.js';
import { claimLocalData, StorageFullError } from '../../../../sync/index.js';
import { EMPTY_ITEM_FORM, itemFormFrom } from '../form/item-form-logic.js';
import { syncMarks } from './item-sync-marks.js';
import {
  createItem,
  deleteItem,
  recordStockUsage,
  resendStockUsage,
  retryRejectedItem,
  updateItem,
} from './items-store.js';
import { refuse } from '../../../../test/sync-fixtures.js';
import { item as sharedItem } from '../test-fixtures.js';

const USER = newId();
const AREA = newId();
const NOW = new Date('2026-11-23T08:00:00.000Z');
const at = () => NOW;

let db: UrsDatabase;

const item = (overrides: Partial<InventoryItem> = {}): InventoryItem =>
  sharedItem({
    id: newId(),
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });

/** A server row already on the device (as a pull would have left it). */
async function seed(...rows: InventoryItem[]) {
  await db.inventory_items.bulkPut(rows);
}

async function nothingWritten(before: InventoryItem[]) {
  expect(await db.outbox.count()).toBe(0);
  expect(await db.stock_transactions.count()).toBe(0);
  expect(await db.shadows.count()).toBe(0);
  // The items are exactly as they were: same rows, same stock.
  const byId = (a: InventoryItem, b: InventoryItem) => a.id.localeCompare(b.id);
  expect((await db.inventory_items.toArray()).sort(byId)).toEqual([...before].sort(byId));
}

beforeEach(async () => {
  db = openUrsDatabase(`urs-items-test-${newId()}`, { indexedDB, IDBKeyRange });
  // The tables hold this user's data, as after sign-in (enqueue would otherwise clear them).
  await claimLocalData(db, USER);
});

afterEach(() => db.close());

describe('recording a stock transaction', () => {
  it('queues exactly one stock.record and moves the item stock in the same transaction', async () => {
    const sapu = item({ stock: 10 });
    await seed(sapu);
    const outcome = await recordStockUsage(
      db,
      USER,
      sapu.id,
      { type: 'out', quantity: '3', notes: ' lantai 2 ', area_id: AREA },
      { now: at },
    );
    expect(outcome).toMatchObject({ ok: true, stock: 7, exceeded: false });
    if (!outcome.ok) return;

    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      user_id: USER,
      status: 'pending',
      entity: 'stock_transactions',
      entity_id: outcome.id,
      mutation: {
        name: 'stock.record',
        args: {
          id: outcome.id,
          item_id: sapu.id,
          type: 'out',
          quantity: 3,
          notes: 'lantai 2',
          area_id: AREA,
          occurred_at: NOW.toISOString(),
        },
      },
    });
    // Both rows the screen changed are held against pulls until the server confirms.
    expect(entries[0]?.rows.sort()).toEqual(
      [`inventory_items/${sapu.id}`, `stock_transactions/${outcome.id}`].sort(),
    );
    expect(await db.inventory_items.get(sapu.id)).toMatchObject({
      stock: 7,
      updated_at: NOW.toISOString(),
    });
    expect(await db.stock_transactions.get(outcome.id)).toMatchObject({
      item_id: sapu.id,
      recorded_by: USER,
      quantity: 3,
      type: 'out',
    });
    // The server's version of the item is kept, to put back if the change is discarded.
    expect(await db.shadows.get(['inventory_items', sapu.id])).toMatchObject({
      row: { stock: 10 },
    });
    // And the list marks the item as waiting to sync.
    expect(syncMarks(entries).items.get(sapu.id)).toBe('pending');
  });

  it('queues an out beyond the recorded stock instead of dropping it, and says so', async () => {
    const lem = item({ sku: null, stock: 2 });
    await seed(lem);
    const outcome = await recordStockUsage(
      db,
      USER,
      lem.id,
      { type: 'out', quantity: '5', notes: '', area_id: '' },
      { now: at },
    );
    expect(outcome).toMatchObject({ ok: true, stock: -3, exceeded: true });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.inventory_items.get(lem.id)).toMatchObject({ stock: -3 });
  });

  it('adds up two recordings made one after another (each reads the stock the last left)', async () => {
    const pel = item({ sku: null, stock: 10 });
    await seed(pel);
    await recordStockUsage(db, USER, pel.id, {
      type: 'in',
      quantity: '5',
      notes: '',
      area_id: '',
    });
    await recordStockUsage(db, USER, pel.id, {
      type: 'adjustment',
      quantity: '-4',
      notes: 'hitung ulang',
      area_id: '',
    });
    expect(await db.inventory_items.get(pel.id)).toMatchObject({ stock: 11 });
    const seqs = (await db.outbox.toArray()).map((e) => e.seq);
    expect(seqs).toEqual([1, 2]);
    // The shadow is still the server's row from before both.
    expect(await db.shadows.get(['inventory_items', pel.id])).toMatchObject({
      row: { stock: 10 },
    });
  });

  it('writes nothing when the quantity is invalid', async () => {
    const sapu = item();
    await seed(sapu);
    for (const quantity of ['', '0', '-2', '1.5', 'abc']) {
      const outcome = await recordStockUsage(db, USER, sapu.id, {
        type: 'out',
        quantity,
        notes: '',
        area_id: '',
      });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.errors.quantity?.length).toBeGreaterThan(0);
    }
    const zero = await recordStockUsage(db, USER, sapu.id, {
      type: 'adjustment',
      quantity: '0',
      notes: '',
      area_id: '',
    });
    expect(zero).toEqual({
      ok: false,
      errors: { quantity: ['Selisih penyesuaian tidak boleh 0.'] },
    });
    await nothingWritten([sapu]);
  });

  it('writes nothing when notes are too long or the area is not an id', async () => {
    const sapu = item();
    await seed(sapu);
    const outcome = await recordStockUsage(db, USER, sapu.id, {
      type: 'in',
      quantity: '1',
      notes: 'x'.repeat(1001),
      area_id: 'gudang',
    });
    expect(outcome.ok ? [] : Object.keys(outcome.errors).sort()).toEqual(['area_id', 'notes']);
    await nothingWritten([sapu]);
  });

  it('writes nothing for an item the device does not have', async () => {
    const outcome = await recordStockUsage(
      db,
      USER,
      newId(),
      { type: 'in', quantity: '1', notes: '', area_id: '' },
      { messages: { itemMissing: 'hilang' } },
    );
    expect(outcome).toEqual({ ok: false, errors: { item_id: ['hilang'] } });
    await nothingWritten([]);
  });

  it('writes nothing (not even the outbox entry) when the disk is full', async () => {
    const sapu = item();
    await seed(sapu);
    db.stock_transactions.hook('creating', () => {
      const quota = new Error('quota');
      quota.name = 'QuotaExceededError';
      throw quota;
    });
    await expect(
      recordStockUsage(db, USER, sapu.id, { type: 'out', quantity: '1', notes: '', area_id: '' }),
    ).rejects.toBeInstanceOf(StorageFullError);
    await nothingWritten([sapu]);
  });
});

describe('adding, editing and deleting items', () => {
  it('adds an item with its opening stock shown at once and one item.create queued', async () => {
    const outcome = await createItem(
      db,
      USER,
      { ...EMPTY_ITEM_FORM, name: 'Ember', sku: 'EM-1', unit: 'buah', stock: '8', min_stock: '2' },
      { now: at },
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(await db.inventory_items.get(outcome.id)).toMatchObject({
      name: 'Ember',
      sku: 'EM-1',
      stock: 8,
      min_stock: 2,
      active: true,
    });
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.mutation.name)).toEqual(['item.create']);
    expect(entries[0]?.mutation.args).toMatchObject({ id: outcome.id, stock: 8 });
  });

  it('refuses a SKU another item on the device has, whatever its case, writing nothing', async () => {
    const sapu = item({ sku: 'SP-01' });
    await seed(sapu);
    const outcome = await createItem(
      db,
      USER,
      { ...EMPTY_ITEM_FORM, name: 'Sapu baru', sku: ' sp-01 ', unit: 'pcs' },
      { messages: { skuTaken: 'SKU dipakai' } },
    );
    expect(outcome).toEqual({ ok: false, errors: { sku: ['SKU dipakai'] } });
    expect(await db.inventory_items.count()).toBe(1);
    await nothingWritten([sapu]);
  });

  it('writes nothing when required fields are missing', async () => {
    const outcome = await createItem(db, USER, { ...EMPTY_ITEM_FORM, stock: '-1' });
    expect(outcome.ok ? [] : Object.keys(outcome.errors).sort()).toEqual(['name', 'stock', 'unit']);
    await nothingWritten([]);
  });

  it('edits only the changed fields, keeps its own SKU, and queues nothing when unchanged', async () => {
    const sapu = item({ sku: 'SP-01', stock: 6 });
    await seed(sapu);
    const same = await updateItem(db, USER, sapu.id, itemFormFrom(sapu));
    expect(same).toEqual({ ok: true, id: sapu.id, changed: false });
    expect(await db.outbox.count()).toBe(0);

    const outcome = await updateItem(
      db,
      USER,
      sapu.id,
      { ...itemFormFrom(sapu), sku: 'sp-01', min_stock: '7', stock: '999' },
      { now: at },
    );
    expect(outcome).toEqual({ ok: true, id: sapu.id, changed: true });
    const [entry] = await db.outbox.toArray();
    expect(entry?.mutation.args).toEqual({ id: sapu.id, sku: 'sp-01', min_stock: 7 });
    // The stock is untouched: it changes only through transactions.
    expect(await db.inventory_items.get(sapu.id)).toMatchObject({
      sku: 'sp-01',
      min_stock: 7,
      stock: 6,
    });
  });

  it('keeps a field someone else changed meanwhile when this user left it alone', async () => {
    const opened = item({ sku: 'SP-01', min_stock: 4, name: 'Sapu' });
    // A pull brought another admin's change after the form opened.
    await seed({ ...opened, min_stock: 9 });
    const outcome = await updateItem(
      db,
      USER,
      opened.id,
      { ...itemFormFrom(opened), name: 'Sapu lidi' },
      { base: opened },
    );
    expect(outcome).toEqual({ ok: true, id: opened.id, changed: true });
    const [entry] = await db.outbox.toArray();
    expect(entry?.mutation.args).toEqual({ id: opened.id, name: 'Sapu lidi' });
    expect(await db.inventory_items.get(opened.id)).toMatchObject({
      name: 'Sapu lidi',
      min_stock: 9,
    });
  });

  it('refuses an edit to a SKU another item has', async () => {
    const a = item({ sku: 'A-1' });
    const b = item({ sku: 'B-1' });
    await seed(a, b);
    const outcome = await updateItem(db, USER, b.id, { ...itemFormFrom(b), sku: 'a-1' });
    expect(outcome.ok ? null : outcome.errors.sku).toEqual(['SKU sudah dipakai barang lain.']);
    await nothingWritten([a, b]);
  });

  it('deletes an item from the list at once and queues item.delete', async () => {
    const sapu = item();
    await seed(sapu);
    expect(await deleteItem(db, USER, sapu.id)).toEqual({ ok: true });
    expect(await db.inventory_items.get(sapu.id)).toBeUndefined();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ entity_id: sapu.id, mutation: { name: 'item.delete' } });
  });

  it('writes nothing for a delete of something that is not an id', async () => {
    const outcome = await deleteItem(db, USER, 'not-an-id');
    expect(outcome.ok).toBe(false);
    await nothingWritten([]);
  });

  it('sends a refused create again with the corrected SKU, under the same item id', async () => {
    const created = await createItem(db, USER, {
      ...EMPTY_ITEM_FORM,
      name: 'Ember',
      sku: 'DUP',
      unit: 'buah',
    });
    if (!created.ok) throw new Error('create failed');
    const [queued] = await db.outbox.toArray();
    if (queued === undefined) throw new Error('nothing queued');
    // The server refused it: another device took the SKU first.
    await refuse(db, queued, {
      code: 'validation',
      message: 'SKU sudah dipakai barang lain.',
      errors: { sku: ['SKU sudah dipakai barang lain.'] },
    });

    const retried = await retryRejectedItem(db, USER, queued.id, {
      ...EMPTY_ITEM_FORM,
      name: 'Ember',
      sku: 'EM-2',
      unit: 'buah',
    });
    expect(retried).toEqual({ ok: true, id: created.id, changed: true });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      status: 'pending',
      entity_id: created.id,
      mutation: { name: 'item.create', args: { id: created.id, sku: 'EM-2' } },
    });
    expect(await db.inventory_items.get(created.id)).toMatchObject({ sku: 'EM-2' });
  });

  it("resends a refused edit with the fields it changed and the fix's, never the rest", async () => {
    const ember = item({ sku: 'EM-1', min_stock: 2, name: 'Ember' });
    await seed(ember);
    const edited = await updateItem(db, USER, ember.id, {
      ...itemFormFrom(ember),
      name: 'Ember besar',
      sku: 'TAKEN',
    });
    expect(edited.ok).toBe(true);
    const [queued] = await db.outbox.toArray();
    await refuse(db, queued, { code: 'validation', message: 'SKU sudah dipakai barang lain.' });
    const shown = await db.inventory_items.get(ember.id);
    if (shown === undefined || queued === undefined) throw new Error('missing');

    // The fix changes the SKU only; the minimum on screen is the device's (an admin may have
    // changed it on the server meanwhile) and must not be sent.
    await retryRejectedItem(db, USER, queued.id, { ...itemFormFrom(shown), sku: 'EM-2' });
    const [resent] = await db.outbox.toArray();
    expect(resent?.mutation.args).toEqual({ id: ember.id, name: 'Ember besar', sku: 'EM-2' });
  });

  it('sends a refused usage again after its corrected item, and without an area refused', async () => {
    // A new item and a usage of it, both refused: the SKU was taken, so the item was unknown.
    const created = await createItem(db, USER, {
      ...EMPTY_ITEM_FORM,
      name: 'Kantong sampah',
      sku: 'DUP',
      unit: 'roll',
      stock: '20',
    });
    if (!created.ok) throw new Error('create failed');
    const area = newId();
    await recordStockUsage(db, USER, created.id, {
      type: 'out',
      quantity: '5',
      notes: 'aula',
      area_id: area,
    });
    const [create, usage] = (await db.outbox.toArray()).sort((a, b) => a.seq - b.seq);
    await refuse(db, create, { code: 'validation', message: 'SKU sudah dipakai barang lain.' });
    await refuse(db, usage, {
      code: 'validation',
      message: 'Area tidak ditemukan.',
      errors: { area_id: ['Area tidak ditemukan.'] },
      field_reasons: { area_id: [{ code: 'reference_not_found', params: { kind: 'area' } }] },
    });
    if (usage === undefined) throw new Error('no usage queued');

    await retryRejectedItem(db, USER, create?.id ?? 0, {
      ...EMPTY_ITEM_FORM,
      name: 'Kantong sampah',
      sku: 'KS-2',
      unit: 'roll',
      stock: '20',
    });
    expect(await resendStockUsage(db, USER, usage.id)).toEqual({ ok: true, withoutArea: true });
    const queued = (await db.outbox.toArray()).sort((a, b) => a.seq - b.seq);
    expect(queued.map((e) => [e.status, e.mutation.name])).toEqual([
      ['pending', 'item.create'],
      ['pending', 'stock.record'],
    ]);
    expect(queued[1]?.mutation.args).toMatchObject({
      id: (usage.mutation.args as { id: string }).id,
      type: 'out',
      quantity: 5,
      notes: 'aula',
      area_id: null,
    });
    // The item still shows the usage, held until the server has it.
    expect(await db.inventory_items.get(created.id)).toMatchObject({ stock: 15 });
    expect(await resendStockUsage(db, USER, usage.id)).toMatchObject({ ok: false });
  });

  it('says why a refused usage the contract no longer takes cannot be sent again', async () => {
    // Queued by an older version of the app, before quantities were bounded (MAX_QUANTITY):
    // resent as it is, it would be refused again, and not because its item is missing.
    const ember = item({ stock: 10 });
    await seed(ember);
    const five = { type: 'in', quantity: '5', notes: '', area_id: '' } as const;
    await recordStockUsage(db, USER, ember.id, five);
    const [usage] = await db.outbox.toArray();
    if (usage === undefined) throw new Error('no usage queued');
    await db.outbox.update(usage.id, {
      mutation: {
        ...usage.mutation,
        args: { ...(usage.mutation.args as object), quantity: 2_000_000 },
      },
    });
    await refuse(db, usage, {
      code: 'validation',
      message: 'Jumlah maksimal 1.000.000.',
      field_reasons: { quantity: [{ code: 'quantity_too_large', params: { max: 1_000_000 } }] },
    });

    expect(await resendStockUsage(db, USER, usage.id)).toEqual({
      ok: false,
      errors: { quantity: ['Jumlah maksimal 1.000.000.'] },
    });
    expect((await db.outbox.get(usage.id))?.status).toBe('rejected');
  });
});
