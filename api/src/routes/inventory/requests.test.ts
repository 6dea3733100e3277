import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, type Paged } from '@urs/sync-protocol';
import type { RequestAnalytics, RequestListRow } from '../../services/item-requests.js';
import {
  jpegBytes,
  sha256,
  syncFixture,
  TestDevice,
  type SyncFixture,
} from '../../sync/test-kit.js';

let f: SyncFixture;
let other: TestDevice;
let itemId: string;
beforeEach(async () => {
  f = await syncFixture('custodian', 'Gudang');
  other = new TestDevice(f.t, (await f.t.signIn('gardener')).token);
  itemId = newId();
  await f.admin.push([
    'item.create',
    { id: itemId, name: 'Sabun cair', unit: 'botol', stock: 20, min_stock: 5 },
  ]);
});
afterEach(() => f.t.close());

async function customRequest(device: TestDevice, name: string) {
  const photoId = newId();
  const bytes = jpegBytes(300, name.length);
  const put = await f.t.request(`/api/photos/${photoId}`, {
    method: 'PUT',
    token: device.token,
    body: bytes,
    headers: { 'content-type': 'image/jpeg', 'x-content-sha256': sha256(bytes) },
  });
  expect(put.status).toBe(201);
  const id = newId();
  const res = await device.push([
    'request.create',
    {
      id,
      type: 'custom',
      custom_name: name,
      image_sha256: sha256(bytes),
      quantity: 1,
      store_link: 'https://toko.example/x',
    },
  ]);
  expect(res.results[0]?.status).toBe('applied');
  return { id, bytes };
}

const get = async <T>(path: string, token: string) => {
  const res = await f.t.request(path, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe('item requests', () => {
  it('lists requests newest first with numbers and names; staff see only their own', async () => {
    const stock = newId();
    await f.staff.push([
      'request.create',
      { id: stock, type: 'stock', item_id: itemId, quantity: 3 },
    ]);
    await customRequest(other, 'Gunting rumput');
    await f.admin.push(['request.approve', { id: stock, notes: 'Ambil di gudang' }]);
    const all = await get<Paged<RequestListRow>>('/api/inventory/requests', f.admin.token);
    expect(all.data.map((r) => [r.number, r.item_name ?? r.custom_name, r.status])).toEqual([
      [expect.stringMatching(/^REQ-\d{4}-000002$/), 'Gunting rumput', 'pending'],
      [expect.stringMatching(/^REQ-\d{4}-000001$/), 'Sabun cair', 'approved'],
    ]);
    expect(all.data[1]?.approver_notes).toBe('Ambil di gudang');
    expect(all.data[1]?.requester_name).toMatch(/custodian/);
    const mine = await get<Paged<RequestListRow>>('/api/inventory/requests', f.staff.token);
    expect(mine.data.map((r) => r.id)).toEqual([stock]);
    const search = await get<Paged<RequestListRow>>(
      '/api/inventory/requests?q=gunting&status=pending',
      f.admin.token,
    );
    expect(search.meta.total).toBe(1);
    const byNumber = await get<Paged<RequestListRow>>(
      '/api/inventory/requests?q=000001',
      f.admin.token,
    );
    expect(byNumber.data.map((r) => r.id)).toEqual([stock]);
    expect(
      (await f.t.request('/api/inventory/requests?status=lost', { token: f.admin.token })).status,
    ).toBe(422);
  });

  it('stores a store link only when it is an http(s) address; javascript: and data: are refused', async () => {
    const before = await get<Paged<RequestListRow>>('/api/inventory/requests', f.admin.token);
    for (const link of ['javascript:alert(document.cookie)', 'data:text/html,<b>x</b>']) {
      const res = await f.staff.push([
        'request.create',
        { id: newId(), type: 'stock', item_id: itemId, quantity: 1, store_link: link },
      ]);
      expect(res.results[0]).toMatchObject({
        status: 'rejected',
        code: 'validation',
        errors: { store_link: ['Isi tautan toko yang diawali http:// atau https://.'] },
      });
    }
    const after = await get<Paged<RequestListRow>>('/api/inventory/requests', f.admin.token);
    expect(after.meta.total).toBe(before.meta.total);

    const { id } = await customRequest(f.staff, 'Selang taman');
    const listed = await get<Paged<RequestListRow>>('/api/inventory/requests', f.admin.token);
    expect(listed.data.find((r) => r.id === id)?.store_link).toBe('https://toko.example/x');
  });

  it('summarises 30 days: most requested items, daily average and approval rate', async () => {
    const ids = [newId(), newId(), newId()];
    for (const id of ids)
      await f.staff.push(['request.create', { id, type: 'stock', item_id: itemId, quantity: 2 }]);
    await customRequest(other, 'Gunting rumput');
    await f.admin.push(['request.approve', { id: ids[0] }], ['request.reject', { id: ids[1] }]);
    const { data } = await get<{ data: RequestAnalytics }>(
      '/api/inventory/requests/analytics',
      f.admin.token,
    );
    expect(data).toMatchObject({
      total: 4,
      approved: 1,
      rejected: 1,
      pending: 2,
      approval_rate: 50,
      daily_average: 0.1,
    });
    expect(data.most_requested[0]).toEqual({
      name: 'Sabun cair',
      item_id: itemId,
      requests: 3,
      quantity: 6,
    });
  });

  it('serves a custom request’s image to its requester and to admins, not to other staff', async () => {
    const { id, bytes } = await customRequest(other, 'Selang air');
    const mine = await f.t.request(`/api/inventory/requests/${id}/image`, { token: other.token });
    expect(mine.status).toBe(200);
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(bytes);
    expect(
      (await f.t.request(`/api/inventory/requests/${id}/image`, { token: f.admin.token })).status,
    ).toBe(200);
    expect(
      (await f.t.request(`/api/inventory/requests/${id}/image`, { token: f.staff.token })).status,
    ).toBe(403);
  });
});

describe('inventory exports', () => {
  const load = async (res: Response) => {
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    return workbook;
  };

  it('exports items with current stock and level', async () => {
    await f.admin.push([
      'item.create',
      { id: newId(), name: 'Lampu LED', unit: 'pcs', stock: 1, min_stock: 10 },
    ]);
    await f.admin.push([
      'item.create',
      { id: newId(), name: 'Tali rafia', unit: 'gulung', stock: 0, min_stock: 5, trackable: false },
    ]);
    const res = await f.t.request('/api/inventory/items/export?filter=all', {
      token: f.admin.token,
    });
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="inventaris-all-\d{8}-\d{4}\.xlsx"/,
    );
    const sheet = (await load(res)).getWorksheet('Barang');
    const rows = sheet?.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => [r[2], r[5], r[7]])).toEqual([
      ['Lampu LED', 1, 'Kritis'],
      ['Sabun cair', 20, 'Aman'],
      ['Tali rafia', 0, 'Tidak dilacak'],
    ]);
  });

  it('exports requests with status, requester and typed dates', async () => {
    const id = newId();
    await f.staff.push(['request.create', { id, type: 'stock', item_id: itemId, quantity: 4 }]);
    await f.admin.push(['request.reject', { id, notes: 'Stok cukup' }]);
    const sheet = (
      await load(
        await f.t.request('/api/inventory/requests/export?status=rejected', {
          token: f.admin.token,
        }),
      )
    ).getWorksheet('Permintaan');
    expect(sheet?.rowCount).toBe(2);
    const row = sheet?.getRow(2);
    expect(row?.getCell(5).value).toBe('Sabun cair');
    expect(row?.getCell(9).value).toBe('Ditolak');
    expect(row?.getCell(3).type).toBe(ExcelJS.ValueType.Date);
    expect(row?.getCell(11).type).toBe(ExcelJS.ValueType.Date);
    expect(row?.getCell(13).value).toBe('Stok cukup');
  });

  it('searches the list and the export as the screen does: spaces folded, width and accent forms alike', async () => {
    for (const name of ['Sapu lidi', 'Kopi café']) {
      const item = newId();
      await f.admin.push(['item.create', { id: item, name, unit: 'pcs', stock: 5, min_stock: 1 }]);
      await f.staff.push([
        'request.create',
        { id: newId(), type: 'stock', item_id: item, quantity: 1 },
      ]);
    }
    /** The item names the list and the export find for `q`, after checking they agree. */
    const found = async (q: string) => {
      const query = `q=${encodeURIComponent(q)}`;
      const list = await get<Paged<RequestListRow>>(
        `/api/inventory/requests?${query}`,
        f.admin.token,
      );
      const res = await f.t.request(`/api/inventory/requests/export?${query}`, {
        token: f.admin.token,
      });
      const sheet = (await load(res)).getWorksheet('Permintaan');
      const exported = (sheet?.getSheetValues().slice(2) as unknown[][]).map((r) => r[5]);
      const listed = list.data.map((r) => r.item_name);
      expect(exported.toSorted()).toEqual(listed.toSorted());
      return listed;
    };
    expect(await found('sapu  lidi')).toEqual(['Sapu lidi']);
    expect(await found('sapu \u00a0\t lidi')).toEqual(['Sapu lidi']);
    // Full-width letters, as some phone keyboards type them, and a decomposed é (e + U+0301).
    expect(await found('\uff53\uff41\uff50\uff55 lidi')).toEqual(['Sapu lidi']);
    expect(await found('kopi cafe\u0301')).toEqual(['Kopi café']);
    expect(await found('café')).toEqual(['Kopi café']);
    expect(await found('sapu lidi kopi')).toEqual([]);
  });
});
