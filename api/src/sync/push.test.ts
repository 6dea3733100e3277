import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId, type PushResponse } from '@urs/sync-protocol';
import { createApp } from '../app.js';
import { inventoryItems, reports, stockTransactions, syncClients } from '../db/schema.js';
import { reportNumberPrefix } from '../db/report-numbers.js';
import { TestDevice, useSyncFixture } from './test-kit.js';

const f = useSyncFixture('custodian', 'Kantin');

const report = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  area_id: f.areaId,
  work_type: 'cleaning',
  description: 'Lantai kantin lengket',
  ...over,
});
const countReports = async () => (await f.t.db.select().from(reports)).length;

describe('POST /api/sync/push', () => {
  it('applies a batch once; the same batch again is answered duplicate and changes nothing', async () => {
    const batch = [
      f.staff.envelope('report.create', report()),
      f.staff.envelope('report.create', report()),
    ];
    const first = (await (await f.staff.pushRaw(batch)).json()) as PushResponse;
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(first.last_seq).toBe(2);
    const again = (await (await f.staff.pushRaw(batch)).json()) as PushResponse;
    expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(await countReports()).toBe(2);
  });

  it('rejects the one bad mutation of a batch and applies all the others', async () => {
    const result = await f.staff.push(
      ['report.create', report()],
      ['report.create', report()],
      ['report.create', report({ description: '' })],
      ['report.create', report()],
      ['report.create', report()],
    );
    expect(result.results.map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'rejected',
      'applied',
      'applied',
    ]);
    expect(result.results[2]).toMatchObject({
      code: 'validation',
      errors: { description: ['Deskripsi wajib diisi.'] },
    });
    expect(result.last_seq).toBe(5);
    expect(await countReports()).toBe(4);
  });

  it('refuses a text with a NUL character on its own, on both engines, instead of failing the batch', async () => {
    // PostgreSQL cannot store U+0000: taken to the database, it failed the whole batch with a
    // 500, and the device sent the same batch again for ever.
    const result = await f.staff.push(
      ['report.create', report()],
      ['report.create', report({ description: 'Keran\u0000 bocor' })],
      ['report.create', report()],
    );
    expect(result.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(result.results[1]).toMatchObject({
      errors: { description: ['Teks berisi karakter yang tidak diizinkan.'] },
    });
    expect(await countReports()).toBe(2);
  });

  it('answers a retried refusal as rejected again, so a lost response cannot hide it', async () => {
    const batch = [
      f.staff.envelope('report.create', report()),
      f.staff.envelope('report.create', report({ area_id: newId() })),
    ];
    const first = (await (await f.staff.pushRaw(batch)).json()) as PushResponse;
    const retry = (await (await f.staff.pushRaw(batch)).json()) as PushResponse;
    const unknownArea = { code: 'reference_not_found', params: { kind: 'area' } };
    expect(first.results[1]).toMatchObject({
      status: 'rejected',
      code: 'validation',
      message: 'Area tidak ditemukan.',
      reason: unknownArea,
      field_reasons: { area_id: [unknownArea] },
    });
    expect(retry.results).toEqual([
      { seq: 1, id: batch[0]?.id, status: 'duplicate' },
      first.results[1],
    ]);
    expect(await countReports()).toBe(1);
  });

  it('answers an unknown mutation or a wrong shape as rejected, never a crash', async () => {
    const result = await f.staff.push(
      ['report.explode', {}],
      ['report.create', 'not an object'],
      ['report.create', report()],
    );
    expect(result.results.map((r) => (r.status === 'rejected' ? r.code : r.status))).toEqual([
      'unknown_mutation',
      'validation',
      'applied',
    ]);
  });

  it('leaves nothing half-applied when the server fails mid-batch, and the retry applies everything once', async () => {
    let crash = true;
    const crashing = createApp({
      db: f.t.db,
      env: f.t.env,
      pushOptions: {
        afterMutation: (seq) => {
          if (crash && seq === 2) throw new Error('disk on fire');
        },
      },
    });
    const batch = [
      f.staff.envelope('report.create', report()),
      f.staff.envelope('report.create', report()),
      f.staff.envelope('report.create', report()),
    ];
    const send = () =>
      crashing.request('/api/sync/push', {
        method: 'POST',
        headers: { authorization: `Bearer ${f.staff.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          protocol_version: 1,
          client_id: f.staff.clientId,
          mutations: batch,
        }),
      });
    const original = console.error;
    console.error = () => undefined;
    try {
      const failed = await send();
      expect(failed.status).toBe(500);
    } finally {
      console.error = original;
    }
    expect(await countReports()).toBe(0);
    expect(await f.t.db.select().from(syncClients)).toEqual([]);
    crash = false;
    const retried = (await (await send()).json()) as PushResponse;
    expect(retried.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await countReports()).toBe(3);
  });

  it('answers a gap in seqs with 409 seq_gap and the seq to resend from', async () => {
    await f.staff.push(['report.create', report()]);
    const skipped = f.staff.envelope('report.create', report());
    const later = f.staff.envelope('report.create', report());
    const res = await f.staff.pushRaw([later]);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'seq_gap', expected_seq: 2 });
    expect(await countReports()).toBe(1);
    const resent = (await (await f.staff.pushRaw([skipped, later])).json()) as PushResponse;
    expect(resent.results.map((r) => r.status)).toEqual(['applied', 'applied']);
  });

  it('refuses a batch whose seqs are not one contiguous run, or an unknown protocol version', async () => {
    const a = f.staff.envelope('report.create', report());
    f.staff.envelope('report.create', report());
    const c = f.staff.envelope('report.create', report());
    expect((await f.staff.pushRaw([a, c])).status).toBe(422);
    const res = await f.t.request('/api/sync/push', {
      method: 'POST',
      token: f.staff.token,
      json: { protocol_version: 99, client_id: f.staff.clientId, mutations: [a] },
    });
    expect(res.status).toBe(422);
  });

  it('keeps one ledger per (user, client): another device of the same user starts at seq 1', async () => {
    await f.staff.push(['report.create', report()]);
    const phone2 = new TestDevice(f.t, f.staff.token);
    const result = await phone2.push(['report.create', report()]);
    expect(result.results[0]?.status).toBe('applied');
    expect(await countReports()).toBe(2);
  });

  it('answers 413 past the batch byte limit', async () => {
    const huge = report({ description: 'x'.repeat(4000) });
    const batch = Array.from(
      { length: 200 },
      () => ['report.create', { ...huge, id: newId() }] as [string, unknown],
    );
    const envelopes = batch.map(([name, args]) =>
      f.staff.envelope(name, { ...(args as object), junk: 'y'.repeat(7000) }),
    );
    expect((await f.staff.pushRaw(envelopes)).status).toBe(413);
  });
});

describe('report numbers', () => {
  const numbers = async () =>
    (await f.t.db.select({ id: reports.id, number: reports.number }).from(reports)).map(
      (r) => [r.id, r.number] as const,
    );

  it("are given on arrival, in the order reports arrive, within the school's year", async () => {
    const [a, b, c] = [report(), report(), report()];
    await f.staff.push(['report.create', a], ['report.create', b]);
    // The same create again, from a reinstalled app: a no-op that takes no number.
    const reinstalled = new TestDevice(f.t, f.staff.token);
    expect((await reinstalled.push(['report.create', a])).results[0]?.status).toBe('applied');
    await f.staff.push(['report.create', c]);
    const prefix = reportNumberPrefix(new Date().toISOString(), { offsetMinutes: 7 * 60 });
    expect(new Map(await numbers())).toEqual(
      new Map([
        [a.id, `${prefix}000001`],
        [b.id, `${prefix}000002`],
        [c.id, `${prefix}000003`],
      ]),
    );
    // The device learns it in the pull.
    const pulled = await f.staff.pullAll();
    const put = pulled.find((ch) => ch.entity === 'reports' && ch.id === b.id);
    expect(put).toMatchObject({ op: 'put', row: { number: `${prefix}000002` } });
  });
});

describe('authorisation inside a push', () => {
  it('refuses a staff member editing, advancing or deleting someone else’s report, and admin-only mutations', async () => {
    const other = new TestDevice(f.t, (await f.t.signIn('technician')).token);
    const theirs = report();
    await other.push(['report.create', theirs]);
    const result = await f.staff.push(
      ['report.update', { id: theirs.id, description: 'bukan milik saya' }],
      ['report.set_status', { id: theirs.id, status: 'in_progress' }],
      ['report.delete', { id: theirs.id }],
      ['report.set_admin_note', { id: theirs.id, admin_note: 'x' }],
      ['item.create', { id: newId(), name: 'Sapu', unit: 'pcs' }],
      ['request.approve', { id: newId() }],
      ['announcement.create', { id: newId(), title: 'x', body: 'y' }],
    );
    expect(result.results.map((r) => (r.status === 'rejected' ? r.code : r.status))).toEqual(
      Array(7).fill('forbidden'),
    );
    expect(
      (await f.t.db.select().from(reports).where(eq(reports.id, theirs.id)))[0]?.description,
    ).toBe('Lantai kantin lengket');
  });

  it('lets an admin write a note on any report, which the reporter then pulls', async () => {
    const mine = report();
    await f.staff.push(['report.create', mine]);
    await f.staff.pullAll();
    const noted = await f.admin.push(['report.set_admin_note', { id: mine.id, admin_note: 'Cek' }]);
    expect(noted.results.map((r) => r.status)).toEqual(['applied']);
    const [change, ...rest] = await f.staff.pullAll();
    expect(rest).toEqual([]);
    expect(change).toMatchObject({ entity: 'reports', op: 'put', row: { admin_note: 'Cek' } });
  });
});

// Who may move a report's status is decision 028's table: jobs-transitions.test.ts, row by row.
describe('a refused status change', () => {
  it('names both statuses in Indonesian', async () => {
    const r = report();
    await f.staff.push(['report.create', r]);
    const done = await f.admin.push(['report.set_status', { id: r.id, status: 'completed' }]);
    expect(done.results[0]?.status).toBe('applied');
    const [refused] = (await f.admin.push(['report.set_status', { id: r.id, status: 'cancelled' }]))
      .results;
    expect(refused).toMatchObject({
      status: 'rejected',
      code: 'invalid_transition',
      message: 'Status laporan tidak dapat diubah dari "Selesai" ke "Dibatalkan".',
      errors: { status: ['Perubahan status ini tidak diizinkan.'] },
      reason: { code: 'report_transition', params: { from: 'completed', to: 'cancelled' } },
      field_reasons: { status: [{ code: 'status_change_refused' }] },
    });
  });
});

describe('item requests through the outbox', () => {
  it('refuses approving a request that is no longer pending with a clear conflict', async () => {
    const item = newId();
    await f.admin.push(['item.create', { id: item, name: 'Sabun cair', unit: 'botol', stock: 5 }]);
    const req = newId();
    await f.staff.push(['request.create', { id: req, type: 'stock', item_id: item, quantity: 2 }]);
    const decided = await f.admin.push(
      ['request.approve', { id: req, notes: 'OK' }],
      ['request.reject', { id: req }],
    );
    expect(decided.results[0]?.status).toBe('applied');
    expect(decided.results[1]).toMatchObject({ status: 'rejected', code: 'conflict' });
    expect(decided.results[1]?.status === 'rejected' && decided.results[1].message).toMatch(
      /REQ-\d{4}-000001 sudah disetujui sebelumnya/,
    );
  });
});

describe('stock through the outbox', () => {
  it('moves stock with every transaction, adds up concurrent offline usage, and flags an out past the stock', async () => {
    const item = newId();
    await f.admin.push([
      'item.create',
      { id: item, name: 'Kantong sampah', unit: 'roll', stock: 3 },
    ]);
    const other = new TestDevice(f.t, (await f.t.signIn('gardener')).token);
    const at = new Date().toISOString();
    await f.staff.push([
      'stock.record',
      { id: newId(), item_id: item, type: 'out', quantity: 2, occurred_at: at },
    ]);
    await other.push([
      'stock.record',
      { id: newId(), item_id: item, type: 'out', quantity: 2, occurred_at: at },
    ]);
    const row = (await f.t.db.select().from(inventoryItems).where(eq(inventoryItems.id, item)))[0];
    expect(row?.stock).toBe(-1);
    const history = await f.t.db
      .select()
      .from(stockTransactions)
      .where(eq(stockTransactions.itemId, item));
    expect(history.map((h) => [h.type, h.quantity, h.flag])).toEqual([
      ['in', 3, null],
      ['out', 2, null],
      ['out', 2, 'insufficient_stock'],
    ]);
    expect(history.reduce((sum, h) => sum + (h.type === 'out' ? -h.quantity : h.quantity), 0)).toBe(
      row?.stock,
    );
  });

  it('flags only what took the stock below zero, and drops the flags of a deleted item', async () => {
    const item = newId();
    await f.admin.push(['item.create', { id: item, name: 'Cairan pel', unit: 'botol', stock: 1 }]);
    const at = new Date().toISOString();
    const record = (type: string, quantity: number) =>
      f.staff.push([
        'stock.record',
        { id: newId(), item_id: item, type, quantity, occurred_at: at },
      ]);
    await record('out', 3); // 1 -> -2: flagged
    await record('in', 1); // -2 -> -1: a delivery, not flagged
    await record('adjustment', -2); // -1 -> -3: flagged
    await record('adjustment', 4); // -3 -> 1
    const history = await f.t.db
      .select()
      .from(stockTransactions)
      .where(eq(stockTransactions.itemId, item));
    expect(history.map((h) => [h.type, h.quantity, h.flag])).toEqual([
      ['in', 1, null],
      ['out', 3, 'insufficient_stock'],
      ['in', 1, null],
      ['adjustment', -2, 'insufficient_stock'],
      ['adjustment', 4, null],
    ]);
    const flagged = async () => {
      const res = await f.t.request('/api/inventory/flagged-transactions', {
        token: f.admin.token,
      });
      const body = (await res.json()) as { data: { item_name: string }[]; meta: { total: number } };
      return [body.meta.total, body.data.filter((d) => d.item_name === 'Cairan pel').length];
    };
    expect(await flagged()).toEqual([2, 2]);
    await f.admin.push(['item.delete', { id: item }]);
    expect(await flagged()).toEqual([0, 0]);

    // An item whose stock is not tracked is never flagged, nor counted as low stock.
    const loose = newId();
    await f.admin.push([
      'item.create',
      { id: loose, name: 'Tali rafia', unit: 'gulung', stock: 0, min_stock: 5, trackable: false },
    ]);
    await f.staff.push([
      'stock.record',
      { id: newId(), item_id: loose, type: 'out', quantity: 2, occurred_at: at },
    ]);
    expect(await flagged()).toEqual([0, 0]);
    const summary = (await (
      await f.t.request('/api/inventory/summary', { token: f.admin.token })
    ).json()) as { data: { low_stock: number } };
    expect(summary.data.low_stock).toBe(0);
  });
});
