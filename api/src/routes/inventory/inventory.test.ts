import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { newId, type Paged } from '@urs/sync-protocol';
import { inventoryItems, users } from '../../db/schema.js';
import {
  iterateItems,
  type HistoryEntry,
  type ItemDetail,
  type ItemWithLevel,
  type StockMismatch,
} from '../../services/inventory.js';
import { useSyncFixture } from '../../sync/test-kit.js';
import { FIRST_SCHOOL_ID } from '../../db/schools.js';

const f = useSyncFixture('inventory_staff', 'Gudang');

async function item(
  name: string,
  stock: number,
  minStock: number,
  extra: Record<string, unknown> = {},
) {
  const id = newId();
  const res = await f.staff.push([
    'item.create',
    { id, name, unit: 'pcs', stock, min_stock: minStock, ...extra },
  ]);
  expect(res.results[0]?.status).toBe('applied');
  return id;
}
const get = async <T>(path: string, token = f.staff.token) => {
  const res = await f.t.request(path, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe('inventory reads', () => {
  it('summarises total items, low stock, inactive and total quantity', async () => {
    await item('Sapu', 20, 5);
    await item('Sabun cair', 3, 10);
    await item('Lampu LED', 0, 4);
    await item('Cangkul lama', 2, 5, { active: false });
    const { data } = await get<{ data: Record<string, number> }>('/api/inventory/summary');
    expect(data).toEqual({ total_items: 4, low_stock: 2, inactive: 1, total_quantity: 25 });
  });

  it('lists items with their level, searches name or SKU, and filters low stock and inactive', async () => {
    await item('Sapu ijuk', 20, 5, { sku: 'SP-01' });
    await item('Sabun cair', 6, 10);
    await item('Lampu LED', 2, 10);
    await item('Cangkul lama', 2, 5, { active: false });
    const all = await get<Paged<ItemWithLevel>>('/api/inventory/items');
    expect(all.data.map((i) => [i.name, i.level])).toEqual([
      ['Cangkul lama', 'critical'],
      ['Lampu LED', 'critical'],
      ['Sabun cair', 'warning'],
      ['Sapu ijuk', 'healthy'],
    ]);
    expect(
      (await get<Paged<ItemWithLevel>>('/api/inventory/items?filter=low_stock')).data.map(
        (i) => i.name,
      ),
    ).toEqual(['Lampu LED', 'Sabun cair']);
    expect(
      (await get<Paged<ItemWithLevel>>('/api/inventory/items?filter=inactive')).data.map(
        (i) => i.name,
      ),
    ).toEqual(['Cangkul lama']);
    expect(
      (await get<Paged<ItemWithLevel>>('/api/inventory/items?q=sp-0')).data.map((i) => i.name),
    ).toEqual(['Sapu ijuk']);
    expect(
      (await f.t.request('/api/inventory/items?filter=empty', { token: f.staff.token })).status,
    ).toBe(422);
  });

  it('exports items in the list order, case ignored, and pages that order by keyset', async () => {
    for (const name of ['bola', 'Apel', 'Cangkul', 'apel', 'Bola', 'duster', 'Ember']) {
      await item(name, 1, 0);
    }
    const listed = (await get<Paged<ItemWithLevel>>('/api/inventory/items')).data;
    expect(listed.map((i) => i.name.toLowerCase())).toEqual([
      'apel',
      'apel',
      'bola',
      'bola',
      'cangkul',
      'duster',
      'ember',
    ]);

    const res = await f.t.request('/api/inventory/items/export?filter=all', {
      token: f.staff.token,
    });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('Barang');
    const exported = sheet?.getRows(2, sheet.rowCount - 1)?.map((r) => r.getCell(2).value);
    expect(exported).toEqual(listed.map((i) => i.name));

    // Chunks that end between two names equal but for case, or inside such a pair.
    for (const chunk of [1, 2, 3]) {
      const ids: string[] = [];
      for await (const i of iterateItems(f.t.db, FIRST_SCHOOL_ID, { filter: 'all' }, chunk))
        ids.push(i.id);
      expect(ids, `chunk ${chunk}`).toEqual(listed.map((i) => i.id));
    }
  });

  it('shows an item with metrics, recent areas, the last transaction and a paged history', async () => {
    const id = await item('Kantong sampah', 10, 5);
    const at = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
    // Usage is never dated before its user existed: these users have been here a year.
    await f.t.db.write((tx) => tx.update(users).set({ createdAt: at(365) }));
    await f.staff.push(
      [
        'stock.record',
        {
          id: newId(),
          item_id: id,
          type: 'out',
          quantity: 3,
          area_id: f.areaId,
          occurred_at: at(2),
        },
      ],
      [
        'stock.record',
        {
          id: newId(),
          item_id: id,
          type: 'out',
          quantity: 9,
          notes: 'Kerja bakti',
          area_id: f.areaId,
          occurred_at: at(1),
        },
      ],
      ['stock.record', { id: newId(), item_id: id, type: 'in', quantity: 4, occurred_at: at(40) }],
    );
    const { data } = await get<{ data: ItemDetail }>(`/api/inventory/items/${id}`);
    expect(data.item).toMatchObject({ stock: 2, level: 'critical' });
    expect(data.metrics).toMatchObject({ transactions: 4, in_30d: 10, out_30d: 12 });
    expect(data.metrics.last_transaction).toMatchObject({
      type: 'in',
      quantity: 10,
      notes: 'Stok awal',
    });
    expect(data.recent_areas.map((a) => a.name)).toEqual(['Gudang']);
    const history = await get<Paged<HistoryEntry>>(
      `/api/inventory/items/${id}/transactions?per_page=2`,
    );
    expect(history.meta.total).toBe(4);
    expect(history.data.map((h) => [h.type, h.quantity])).toEqual([
      ['in', 10],
      ['out', 9],
    ]);
    // The second out took stock below zero offline: recorded, and flagged for admins.
    expect(history.data[1]).toMatchObject({ flag: 'insufficient_stock', area_name: 'Gudang' });
    expect(
      (await f.t.request(`/api/inventory/items/${newId()}`, { token: f.staff.token })).status,
    ).toBe(404);
  });

  it('recomputes stock from history and reports any item whose kept stock disagrees', async () => {
    const id = await item('Sarung tangan', 8, 2);
    await f.staff.push([
      'stock.record',
      { id: newId(), item_id: id, type: 'out', quantity: 3, occurred_at: new Date().toISOString() },
    ]);
    const clean = await get<{ ok: boolean; mismatches: StockMismatch[] }>(
      '/api/inventory/stock-check',
      f.admin.token,
    );
    expect(clean).toEqual({ ok: true, mismatches: [] });
    await f.t.db.write((tx) =>
      tx.update(inventoryItems).set({ stock: 99 }).where(eq(inventoryItems.id, id)),
    );
    const broken = await get<{ ok: boolean; mismatches: StockMismatch[] }>(
      '/api/inventory/stock-check',
      f.admin.token,
    );
    expect(broken).toEqual({
      ok: false,
      mismatches: [{ id, name: 'Sarung tangan', stock: 99, from_history: 5 }],
    });
  });
});
