import { describe, expect, it } from 'vitest';
import { newId } from '../ids.js';
import { MUTATION_NAMES } from './index.js';
import { checkMutation } from './validate.js';
import { TEXT_LIMITS } from '../limits.js';
import { pushRequestSchema, PROTOCOL_VERSION, MAX_PUSH_MUTATIONS } from '../envelope.js';

const at = '2026-11-22T04:00:00.000Z';

describe('mutation contract', () => {
  it('accepts a well-formed report and fills defaults', () => {
    const id = newId();
    const check = checkMutation({
      name: 'report.create',
      args: { id, area_id: newId(), work_type: 'cleaning', description: '  Lantai basah  ' },
    });
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.mutation.args).toMatchObject({ id, description: 'Lantai basah' });
  });

  it('takes the filing time of a report with its offset, and leaves it out for older clients', () => {
    const args = { id: newId(), area_id: newId(), work_type: 'cleaning', description: 'Lantai' };
    const filed = checkMutation({
      name: 'report.create',
      args: { ...args, reported_at: '2026-11-20T07:14:00+07:00' },
    });
    expect(filed.ok && filed.mutation.args).toMatchObject({
      reported_at: '2026-11-20T07:14:00+07:00',
    });
    const older = checkMutation({ name: 'report.create', args });
    expect(older.ok && 'reported_at' in older.mutation.args).toBe(false);
    const unreadable = checkMutation({
      name: 'report.create',
      args: { ...args, reported_at: '20 Nov 07.14' },
    });
    expect(unreadable).toMatchObject({
      ok: false,
      errors: { reported_at: ['Waktu tidak valid.'] },
    });
  });

  it('answers an unknown name as unknown_mutation, never by throwing', () => {
    for (const name of ['report.explode', 'toString', '__proto__', '']) {
      const check = checkMutation({ name, args: {} });
      expect(check).toMatchObject({ ok: false, code: 'unknown_mutation' });
    }
  });

  it('answers a wrong shape as validation with field messages', () => {
    for (const args of [null, 42, 'x', [], { id: 'not-a-uuid' }]) {
      const check = checkMutation({ name: 'report.create', args });
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.code).toBe('validation');
    }
    const missing = checkMutation({
      name: 'report.create',
      args: { id: newId(), work_type: 'cleaning', description: '' },
    });
    expect(missing).toMatchObject({
      ok: false,
      errors: { area_id: ['Pilih area.'], description: ['Deskripsi wajib diisi.'] },
    });
  });

  it('refuses text PostgreSQL cannot store (a NUL), on the field, in every text of a mutation', () => {
    const report = checkMutation({
      name: 'report.create',
      args: {
        id: newId(),
        area_id: newId(),
        work_type: 'cleaning',
        description: 'Pipa\u0000 bocor',
      },
    });
    expect(report).toMatchObject({
      ok: false,
      code: 'validation',
      errors: { description: ['Teks berisi karakter yang tidak diizinkan.'] },
    });
    const notes = checkMutation({
      name: 'stock.record',
      args: {
        id: newId(),
        item_id: newId(),
        type: 'in',
        quantity: 2,
        notes: 'dari\u0000gudang',
        occurred_at: at,
      },
    });
    expect(notes).toMatchObject({ ok: false, errors: { notes: [expect.any(String)] } });
  });

  it('carries the spec messages for item requests', () => {
    const stock = checkMutation({
      name: 'request.create',
      args: { id: newId(), type: 'stock', quantity: 1 },
    });
    expect(stock).toMatchObject({
      ok: false,
      errors: { item_id: ['Silakan pilih barang yang ingin diminta.'] },
    });
    const custom = checkMutation({
      name: 'request.create',
      args: { id: newId(), type: 'custom', quantity: 2 },
    });
    expect(custom).toMatchObject({
      ok: false,
      errors: {
        custom_name: ['Isi nama barang yang ingin diajukan.'],
        image_sha256: ['Silakan unggah gambar produk sebagai referensi.'],
      },
    });
  });

  it('accepts only http(s) web addresses as a store link', () => {
    const request = (store_link: string | null) =>
      checkMutation({
        name: 'request.create',
        args: { id: newId(), type: 'stock', item_id: newId(), quantity: 1, store_link },
      });
    for (const good of [
      'https://shop.example/p?id=1',
      'http://toko.example.co.id/kursi',
      '',
      null,
    ]) {
      expect(request(good).ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example/x',
      'vbscript:msgbox(1)',
      'https://',
      'not a link',
    ]) {
      expect(request(bad)).toMatchObject({
        ok: false,
        code: 'validation',
        errors: { store_link: ['Isi tautan toko yang diawali http:// atau https://.'] },
      });
    }
  });

  it('requires a positive quantity for in/out and a non-zero delta for adjustments', () => {
    const base = { id: newId(), item_id: newId(), occurred_at: at };
    expect(
      checkMutation({ name: 'stock.record', args: { ...base, type: 'out', quantity: 3 } }).ok,
    ).toBe(true);
    expect(
      checkMutation({ name: 'stock.record', args: { ...base, type: 'out', quantity: -3 } }).ok,
    ).toBe(false);
    expect(
      checkMutation({ name: 'stock.record', args: { ...base, type: 'adjustment', quantity: -3 } })
        .ok,
    ).toBe(true);
    expect(
      checkMutation({ name: 'stock.record', args: { ...base, type: 'adjustment', quantity: 0 } }),
    ).toMatchObject({ ok: false, errors: { quantity: ['Selisih penyesuaian tidak boleh 0.'] } });
    expect(
      checkMutation({ name: 'stock.record', args: { ...base, type: 'in', quantity: 0 } }),
    ).toMatchObject({ ok: false, errors: { quantity: ['Jumlah harus lebih dari 0.'] } });
    expect(
      checkMutation({ name: 'stock.record', args: { ...base, type: 'in', quantity: 1.5 } }).ok,
    ).toBe(false);
  });

  it('has a schema for every mutation the product needs', () => {
    expect(MUTATION_NAMES.sort()).toEqual(
      [
        'announcement.create',
        'announcement.delete',
        'announcement.mark_read',
        'announcement.update',
        'comment.create',
        'item.create',
        'item.delete',
        'item.update',
        'notification.read',
        'notification.read_all',
        'notification_prefs.set',
        'photo.attach',
        'photo.remove',
        'report.create',
        'report.delete',
        'report.hand_back',
        'report.set_admin_note',
        'report.set_job',
        'report.set_status',
        'report.update',
        'request.approve',
        'request.create',
        'round.complete',
        'request.reject',
        'stock.record',
      ].sort(),
    );
  });

  it('checks a job plan: due dates that exist, times as HH:MM, no time without a date', () => {
    const plan = (over: Record<string, unknown>) =>
      checkMutation({ name: 'report.set_job', args: { id: newId(), event_id: newId(), ...over } });
    expect(plan({ assignee_id: newId(), priority: 'urgent', due_date: '2028-02-29' }).ok).toBe(
      true,
    );
    expect(plan({ assignee_id: null, due_date: null, due_time: null }).ok).toBe(true);
    const codes = (over: Record<string, unknown>) => {
      const r = plan(over);
      return r.ok ? [] : Object.values(r.fields ?? {}).flatMap((list) => list.map((x) => x.code));
    };
    expect(codes({ due_date: '2027-02-29' })).toEqual(['due_date_invalid']);
    expect(codes({ due_time: '24:00' })).toEqual(['due_time_invalid']);
    expect(codes({ due_date: null, due_time: '08:00' })).toEqual(['due_time_without_date']);
    expect(codes({ assignee_id: 'someone' })).toEqual(['assignee_unknown']);
    expect(codes({ priority: 'asap' }).length).toBe(1);
  });

  it('checks a comment: text required, trimmed, bounded', () => {
    const comment = (body: unknown) =>
      checkMutation({ name: 'comment.create', args: { id: newId(), report_id: newId(), body } });
    expect(comment('  Sudah saya cek, butuh sparepart.  ')).toMatchObject({
      ok: true,
      mutation: { args: { body: 'Sudah saya cek, butuh sparepart.' } },
    });
    expect(comment('   ').ok).toBe(false);
    expect(comment('x'.repeat(TEXT_LIMITS.comment + 1)).ok).toBe(false);
  });

  it('round-trips a push envelope through JSON and bounds the batch', () => {
    const push = {
      protocol_version: PROTOCOL_VERSION,
      client_id: newId(),
      mutations: [{ id: newId(), seq: 1, name: 'report.delete', args: { id: newId() }, at }],
    };
    expect(pushRequestSchema.parse(JSON.parse(JSON.stringify(push)))).toEqual(push);
    const tooMany = {
      ...push,
      mutations: Array.from({ length: MAX_PUSH_MUTATIONS + 1 }, (_, i) => ({
        ...push.mutations[0],
        seq: i + 1,
      })),
    };
    expect(pushRequestSchema.safeParse(tooMany).success).toBe(false);
    expect(pushRequestSchema.safeParse({ ...push, protocol_version: 99 }).success).toBe(false);
  });
});
