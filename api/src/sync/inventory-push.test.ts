/*
 * Issue 6 through the outbox, per role: who may add, edit and delete items (admin and
 * inventory_staff), record usage and file requests (all five roles) and decide requests (admin),
 * and every request validation message of spec §5 as the server answers it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_QUANTITY, ROLES, newId, type MutationResult, type Role } from '@urs/sync-protocol';
import { inventoryItems, itemRequests } from '../db/schema.js';
import type { TestApp } from '../test/harness.js';
import { nextRequestNumber } from './handlers/requests.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
import { jpegBytes, sha256, syncFixture, TestDevice, uploadPhoto } from './test-kit.js';

let t: TestApp;
let admin: TestDevice;
let itemId: string;
const devices = new Map<Role, TestDevice>();

beforeEach(async () => {
  ({ t, admin } = await syncFixture('custodian', 'Gudang'));
  devices.clear();
  for (const role of ROLES) devices.set(role, new TestDevice(t, (await t.signIn(role)).token));
  itemId = newId();
  await admin.push(['item.create', { id: itemId, name: 'Sapu ijuk', unit: 'buah', stock: 10 }]);
});
afterEach(() => t.close());

const device = (role: Role): TestDevice => {
  const found = devices.get(role);
  if (found === undefined) throw new Error(`no device for ${role}`);
  return found;
};

async function one(role: Role, name: string, args: unknown): Promise<MutationResult> {
  const [result] = (await device(role).push([name, args])).results;
  if (result === undefined) throw new Error('no result');
  return result;
}

const outcome = (result: MutationResult) =>
  result.status === 'rejected' ? result.code : result.status;

const KEEPERS: readonly Role[] = ['admin', 'inventory_staff'];

describe('inventory permissions per role', () => {
  it.each(ROLES)('%s: items only for admin and inventory staff', async (role) => {
    const keeper = KEEPERS.includes(role);
    const created = newId();
    const create = await one(role, 'item.create', {
      id: created,
      name: `Ember ${role}`,
      unit: 'buah',
    });
    expect(outcome(create)).toBe(keeper ? 'applied' : 'forbidden');
    const update = await one(role, 'item.update', { id: itemId, min_stock: 3 });
    expect(outcome(update)).toBe(keeper ? 'applied' : 'forbidden');
    const remove = await one(role, 'item.delete', { id: itemId });
    expect(outcome(remove)).toBe(keeper ? 'applied' : 'forbidden');

    const stored = await t.db.select().from(inventoryItems);
    expect(stored.some((row) => row.id === created)).toBe(keeper);
    const original = stored.find((row) => row.id === itemId);
    expect(original?.minStock).toBe(keeper ? 3 : 0);
    expect(original?.deletedAt !== null).toBe(keeper);
  });

  it.each(ROLES)('%s: records usage and files a request; only an admin decides', async (role) => {
    const usage = await one(role, 'stock.record', {
      id: newId(),
      item_id: itemId,
      type: 'out',
      quantity: 1,
      occurred_at: new Date().toISOString(),
    });
    expect(outcome(usage)).toBe('applied');
    const request = newId();
    const filed = await one(role, 'request.create', {
      id: request,
      type: 'stock',
      item_id: itemId,
      quantity: 2,
    });
    expect(outcome(filed)).toBe('applied');
    const decided = await one(role, 'request.approve', { id: request, notes: 'Ambil di gudang.' });
    expect(outcome(decided)).toBe(role === 'admin' ? 'applied' : 'forbidden');
    const row = (await t.db.select().from(itemRequests)).find((r) => r.id === request);
    expect(row?.status).toBe(role === 'admin' ? 'approved' : 'pending');
    expect((await t.db.select().from(inventoryItems)).find((r) => r.id === itemId)?.stock).toBe(9);
  });
});

describe('quantities past what a count can hold', () => {
  const usage = (type: 'in' | 'out' | 'adjustment', quantity: number) => ({
    id: newId(),
    item_id: itemId,
    type,
    quantity,
    occurred_at: new Date().toISOString(),
  });

  it("are refused, so no user can make an item's stock inexact or overflow it for everyone", async () => {
    const huge = Number.MAX_SAFE_INTEGER;
    // Three of these took the stock past 2^53, where it is no longer the sum of its history;
    // a thousand past SQLite's and PostgreSQL's 64 bits, after which every read of the item
    // (and, on PostgreSQL, every later push naming it) answered 500.
    const results = (
      await device('custodian').push(
        ['stock.record', usage('in', huge)],
        ['stock.record', usage('adjustment', -huge)],
        ['item.create', { id: newId(), name: 'Kapur', unit: 'kotak', stock: huge }],
        ['request.create', { id: newId(), type: 'stock', item_id: itemId, quantity: huge }],
      )
    ).results;
    for (const result of results) {
      expect(result).toMatchObject({
        status: 'rejected',
        code: 'validation',
        message: 'Jumlah maksimal 1.000.000.',
      });
    }
    expect((await t.db.select().from(inventoryItems)).find((r) => r.id === itemId)?.stock).toBe(10);

    // The largest quantity there is still counts, up and down.
    const [up, down] = (
      await device('custodian').push(
        ['stock.record', usage('in', MAX_QUANTITY)],
        ['stock.record', usage('adjustment', -MAX_QUANTITY)],
      )
    ).results;
    expect([up?.status, down?.status]).toEqual(['applied', 'applied']);
    const check = await t.request('/api/inventory/stock-check', { token: admin.token });
    expect(await check.json()).toEqual({ ok: true, mismatches: [] });
  });
});

describe('request validation messages (spec §5) as the server answers them', () => {
  const base = { quantity: 1 };

  it('a stock request without an item: "Silakan pilih barang yang ingin diminta."', async () => {
    const result = await one('custodian', 'request.create', {
      id: newId(),
      type: 'stock',
      ...base,
    });
    expect(result).toMatchObject({
      status: 'rejected',
      code: 'validation',
      message: 'Silakan pilih barang yang ingin diminta.',
      errors: { item_id: ['Silakan pilih barang yang ingin diminta.'] },
      reason: { code: 'request_item_required' },
      field_reasons: { item_id: [{ code: 'request_item_required' }] },
    });
  });

  it('a custom request without a name or an image names both fields', async () => {
    const result = await one('custodian', 'request.create', {
      id: newId(),
      type: 'custom',
      ...base,
    });
    expect(result).toMatchObject({
      status: 'rejected',
      code: 'validation',
      errors: {
        custom_name: ['Isi nama barang yang ingin diajukan.'],
        image_sha256: ['Silakan unggah gambar produk sebagai referensi.'],
      },
    });
  });

  it('a custom request whose image never reached the server is refused, and accepted once it has', async () => {
    const bytes = jpegBytes(4096, 7);
    const args = {
      id: newId(),
      type: 'custom',
      custom_name: 'Semprotan kaca',
      image_sha256: sha256(bytes),
      ...base,
    };
    const missing = await one('custodian', 'request.create', args);
    expect(missing).toMatchObject({ status: 'rejected', code: 'photo_missing' });
    const upload = await uploadPhoto(t, device('custodian').token, newId(), bytes);
    expect(upload.status).toBe(201);
    const retried = await one('custodian', 'request.create', { ...args, id: newId() });
    expect(outcome(retried)).toBe('applied');
  });

  it('an image over 10 MB: "Ukuran gambar maksimal 10 MB." and nothing stored', async () => {
    const res = await uploadPhoto(
      t,
      device('custodian').token,
      newId(),
      jpegBytes(10 * 1024 * 1024 + 1),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Ukuran gambar maksimal 10 MB.',
    );
  });

  it('a stock request for a deleted item is refused on the item field', async () => {
    await admin.push(['item.delete', { id: itemId }]);
    const result = await one('custodian', 'request.create', {
      id: newId(),
      type: 'stock',
      item_id: itemId,
      ...base,
    });
    expect(result).toMatchObject({
      status: 'rejected',
      errors: { item_id: ['Barang tidak ditemukan atau sudah dihapus.'] },
    });
  });

  it('a stock request for an inactive item is refused on the item field, as the form refuses it', async () => {
    await admin.push(['item.update', { id: itemId, active: false }]);
    const result = await one('custodian', 'request.create', {
      id: newId(),
      type: 'stock',
      item_id: itemId,
      ...base,
    });
    expect(result).toMatchObject({
      status: 'rejected',
      errors: { item_id: ['Barang ini tidak aktif atau sudah dihapus. Pilih barang lain.'] },
    });
  });
});

describe('request numbers', () => {
  it("count within the school's year, not UTC's", async () => {
    const wib = { offsetMinutes: 7 * 60 };
    // 1 January 2027, 01:00 in Jakarta, is still 2026 in UTC.
    const newYear = '2026-12-31T18:00:00.000Z';
    const first = await t.db.write((tx) => nextRequestNumber(tx, FIRST_SCHOOL_ID, newYear, wib));
    expect(first).toBe('REQ-2027-000001');
    expect(
      await t.db.write((tx) =>
        nextRequestNumber(tx, FIRST_SCHOOL_ID, newYear, { offsetMinutes: 0 }),
      ),
    ).toMatch(/^REQ-2026-/);
  });
});
