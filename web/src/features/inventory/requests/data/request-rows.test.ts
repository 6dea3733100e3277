import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { contractProblems, createArgs, problemsFromReasons } from '../form/request-form-logic.js';
import { decidedRow, decisionMutation, decisionNotes, newRequestRow } from './request-rows.js';
import { NOW, request } from '../test-fixtures.js';

describe('args, contract and optimistic rows', () => {
  const draft = {
    type: 'custom' as const,
    item_id: null,
    custom_name: 'Kursi lipat',
    store_link: null,
    quantity: 4,
    needed_date: '2026-12-01',
    notes: null,
  };

  it('the args the form builds are accepted by the contract', () => {
    const id = newId();
    const args = createArgs(draft, id, 'a'.repeat(64));
    expect(args).toEqual({
      id,
      type: 'custom',
      item_id: null,
      custom_name: 'Kursi lipat',
      store_link: null,
      image_sha256: 'a'.repeat(64),
      quantity: 4,
      needed_date: '2026-12-01',
      notes: null,
    });
    expect(contractProblems(args)).toBeNull();
  });

  it("the contract's codes map back to the spec pairs, never its texts", () => {
    expect(contractProblems(createArgs(draft, newId(), null))).toEqual({
      image: { code: 'imageMissing' },
    });
    expect(
      contractProblems(
        createArgs({ ...draft, type: 'stock', item_id: null, custom_name: null }, newId(), null),
      ),
    ).toEqual({ item_id: { code: 'itemMissing' } });
    expect(
      problemsFromReasons({
        custom_name: [{ code: 'request_name_required' }],
        quantity: [{ code: 'quantity_too_small', params: { min: 1 } }],
        id: [{ code: 'invalid_id' }],
      }),
    ).toEqual({
      custom_name: { code: 'nameMissing' },
      quantity: { code: 'quantityInvalid', detail: 'Jumlah minimal 1.' },
      _: { code: 'invalid', detail: 'ID tidak valid.' },
    });
    expect(
      contractProblems(createArgs({ ...draft, custom_name: 'a'.repeat(161) }, newId(), null)),
    ).toMatchObject({ custom_name: { code: 'nameTooLong', detail: 'Maksimal 160 karakter.' } });
  });

  it('a new request shows at once: no number, pending, mine', () => {
    const args = createArgs(draft, newId(), 'b'.repeat(64));
    expect(newRequestRow(args, 'me', NOW)).toEqual({
      ...args,
      number: null,
      requester_id: 'me',
      approver_id: null,
      approver_notes: null,
      status: 'pending',
      decided_at: null,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    });
  });

  it('a decision sets status, approver, notes and time; notes are trimmed and optional', () => {
    const row = request();
    expect(decidedRow(row, 'approved', 'admin-1', 'ok', NOW)).toEqual({
      ...row,
      status: 'approved',
      approver_id: 'admin-1',
      approver_notes: 'ok',
      decided_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    });
    expect(decisionNotes('  ')).toEqual({ ok: true, notes: null });
    expect(decisionNotes(' stok habis ')).toEqual({ ok: true, notes: 'stok habis' });
    expect(decisionNotes('x'.repeat(2001))).toEqual({ ok: false, code: 'notesTooLong' });
    expect(decisionMutation('approved')).toBe('request.approve');
    expect(decisionMutation('rejected')).toBe('request.reject');
  });
});
