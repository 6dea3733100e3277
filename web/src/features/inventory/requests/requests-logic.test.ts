import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, newId, type ItemRequest } from '@urs/sync-protocol';
import { initI18n } from '../../../lib/i18n.js';
import { REQUEST_TEXTS, problemTextKey, problemTitleKey, requestKey } from './requests-i18n.js';
import {
  EMPTY_REQUEST_FORM,
  FIELD_ORDER,
  buildTimeline,
  contractProblems,
  createArgs,
  decidedRow,
  decisionMutation,
  decisionNotes,
  exportPath,
  firstProblem,
  formatDay,
  formatPercent,
  hrefForView,
  imageProblem,
  isCalendarDate,
  itemNameOf,
  matchesQuery,
  newRequestRow,
  normalizeStoreLink,
  pageOf,
  parseAnalytics,
  parseQuantity,
  problemsFromErrors,
  selectRequests,
  syncMarks,
  validateRequestForm,
  viewFromSearch,
  type ItemChoice,
  type ProblemCode,
  type RequestFormValues,
  type RequestSyncMark,
} from './requests-logic.js';

const i18n = initI18n('id');
const ITEM = newId();
const OLD_ITEM = newId();
const items = new Map<string, ItemChoice>([
  [ITEM, { id: ITEM, name: 'Kertas HVS A4', unit: 'rim', active: true }],
  [OLD_ITEM, { id: OLD_ITEM, name: 'Tinta printer lama', unit: 'botol', active: false }],
]);
const JPEG_OK = { size: 200_000, type: 'image/jpeg' as const };
const NOW = new Date('2026-11-23T08:00:00.000Z');

const form = (values: Partial<RequestFormValues>): RequestFormValues => ({
  ...EMPTY_REQUEST_FORM,
  ...values,
});

/** The Indonesian title and text the form and toast show for a problem. */
const pair = (code: ProblemCode) => ({
  title: i18n.t(problemTitleKey(code), { lng: 'id' }),
  text: i18n.t(problemTextKey(code), { lng: 'id' }),
});

function request(overrides: Partial<ItemRequest> = {}): ItemRequest {
  return {
    id: newId(),
    number: 'REQ-2026-000001',
    type: 'stock',
    item_id: ITEM,
    custom_name: null,
    store_link: null,
    image_sha256: null,
    quantity: 2,
    needed_date: null,
    notes: null,
    requester_id: 'staff-1',
    approver_id: null,
    approver_notes: null,
    status: 'pending',
    decided_at: null,
    created_at: '2026-11-20T02:00:00.000Z',
    updated_at: '2026-11-20T02:00:00.000Z',
    ...overrides,
  };
}

describe('validateRequestForm: the spec §5 pairs', () => {
  it('a stock request without an item: "Pilih barang" / "Silakan pilih barang yang ingin diminta."', () => {
    const check = validateRequestForm(form({ type: 'stock', item_id: '  ' }), {
      image: null,
      items,
    });
    expect(check).toEqual({ ok: false, problems: { item_id: { code: 'itemMissing' } } });
    expect(pair('itemMissing')).toEqual({
      title: 'Pilih barang',
      text: 'Silakan pilih barang yang ingin diminta.',
    });
  });

  it('a stock request for an inactive or unknown item is refused too', () => {
    for (const itemId of [OLD_ITEM, newId()]) {
      const check = validateRequestForm(form({ item_id: itemId }), { image: null, items });
      expect(check).toEqual({ ok: false, problems: { item_id: { code: 'itemUnavailable' } } });
    }
  });

  it('a custom request without a name: "Lengkapi nama barang" / "Isi nama barang yang ingin diajukan."', () => {
    const check = validateRequestForm(form({ type: 'custom', custom_name: ' \n ' }), {
      image: JPEG_OK,
      items,
    });
    expect(check).toEqual({ ok: false, problems: { custom_name: { code: 'nameMissing' } } });
    expect(pair('nameMissing')).toEqual({
      title: 'Lengkapi nama barang',
      text: 'Isi nama barang yang ingin diajukan.',
    });
  });

  it('a custom request without an image: "Unggah gambar" / "Silakan unggah gambar produk sebagai referensi."', () => {
    const check = validateRequestForm(form({ type: 'custom', custom_name: 'Kursi lipat' }), {
      image: null,
      items,
    });
    expect(check).toEqual({ ok: false, problems: { image: { code: 'imageMissing' } } });
    expect(pair('imageMissing')).toEqual({
      title: 'Unggah gambar',
      text: 'Silakan unggah gambar produk sebagai referensi.',
    });
  });

  it('an image over 10 MB: "File terlalu besar" / "Ukuran gambar maksimal 10 MB."; exactly 10 MB passes', () => {
    expect(imageProblem({ size: MAX_IMAGE_BYTES + 1, type: 'image/png' })).toEqual({
      code: 'imageTooLarge',
    });
    expect(imageProblem({ size: MAX_IMAGE_BYTES, type: 'image/webp' })).toBeNull();
    expect(pair('imageTooLarge')).toEqual({
      title: 'File terlalu besar',
      text: 'Ukuran gambar maksimal 10 MB.',
    });
    const check = validateRequestForm(form({ type: 'custom', custom_name: 'Kursi' }), {
      image: { size: MAX_IMAGE_BYTES + 1, type: 'image/jpeg' },
      items,
    });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems.image).toEqual({ code: 'imageTooLarge' });
  });

  it('a file that is not JPG, PNG or WEBP is refused with the unsupported-type pair', () => {
    expect(imageProblem({ size: 100, type: null })).toEqual({ code: 'imageType' });
    expect(pair('imageType')).toEqual({
      title: 'Format tidak didukung',
      text: 'Jenis berkas tidak didukung. Gunakan JPG, PNG, atau WEBP.',
    });
  });

  it('reports every problem of an empty custom form at once, the topmost first', () => {
    const check = validateRequestForm(
      form({
        type: 'custom',
        quantity: '0',
        store_link: 'javascript:alert(1)',
        needed_date: '2026-02-30',
        notes: 'x'.repeat(2001),
      }),
      { image: null, items },
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems).toEqual({
      custom_name: { code: 'nameMissing' },
      image: { code: 'imageMissing' },
      store_link: { code: 'linkInvalid' },
      quantity: { code: 'quantityInvalid' },
      needed_date: { code: 'dateInvalid' },
      notes: { code: 'notesTooLong' },
    });
    expect(firstProblem(check.problems)).toEqual({ code: 'nameMissing' });
    expect(FIELD_ORDER.indexOf('custom_name')).toBeLessThan(FIELD_ORDER.indexOf('image'));
  });

  it('a valid stock request becomes a trimmed draft; custom-only fields are dropped', () => {
    const check = validateRequestForm(
      form({
        type: 'stock',
        item_id: ITEM,
        custom_name: 'ignored',
        store_link: 'not a link',
        quantity: ' 12 ',
        needed_date: '2026-12-01',
        notes: '  untuk ujian  ',
      }),
      { image: null, items },
    );
    expect(check).toEqual({
      ok: true,
      draft: {
        type: 'stock',
        item_id: ITEM,
        custom_name: null,
        store_link: null,
        quantity: 12,
        needed_date: '2026-12-01',
        notes: 'untuk ujian',
      },
    });
  });

  it('a valid custom request keeps its name and a normalised store link', () => {
    const check = validateRequestForm(
      form({
        type: 'custom',
        custom_name: ' Kursi lipat ',
        store_link: 'toko.contoh.id/kursi',
        quantity: '3',
      }),
      { image: JPEG_OK, items },
    );
    expect(check).toEqual({
      ok: true,
      draft: {
        type: 'custom',
        item_id: null,
        custom_name: 'Kursi lipat',
        store_link: 'https://toko.contoh.id/kursi',
        quantity: 3,
        needed_date: null,
        notes: null,
      },
    });
  });

  it('a name over 160 characters is refused', () => {
    const check = validateRequestForm(form({ type: 'custom', custom_name: 'a'.repeat(161) }), {
      image: JPEG_OK,
      items,
    });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems.custom_name).toEqual({ code: 'nameTooLong' });
  });
});

describe('field parsers', () => {
  it('quantity is a whole number of at least 1', () => {
    expect(parseQuantity(' 3 ')).toBe(3);
    expect(parseQuantity('1')).toBe(1);
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', '', ' ', '99999999999999999999']) {
      expect(parseQuantity(bad)).toBeNull();
    }
  });

  it('store links: blank is none, bare hosts get https, other schemes and junk are refused', () => {
    expect(normalizeStoreLink('   ')).toBeNull();
    expect(normalizeStoreLink('https://shop.example/p?id=1')).toBe('https://shop.example/p?id=1');
    expect(normalizeStoreLink('tokopedia.com/toko/kursi')).toBe('https://tokopedia.com/toko/kursi');
    for (const bad of [
      'javascript:alert(1)',
      'ftp://files.example/x',
      'not a link',
      'https://nohost',
      `https://x.example/${'a'.repeat(1000)}`,
    ]) {
      expect(normalizeStoreLink(bad)).toBeUndefined();
    }
  });

  it('needed dates must be real calendar days', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-1', '01-12-2026', '']) {
      expect(isCalendarDate(bad)).toBe(false);
    }
  });
});

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

  it("the contract's superRefine messages map back to the spec pairs", () => {
    expect(contractProblems(createArgs(draft, newId(), null))).toEqual({
      image: { code: 'imageMissing' },
    });
    expect(
      contractProblems(
        createArgs({ ...draft, type: 'stock', item_id: null, custom_name: null }, newId(), null),
      ),
    ).toEqual({ item_id: { code: 'itemMissing' } });
    expect(
      problemsFromErrors({
        custom_name: ['Isi nama barang yang ingin diajukan.'],
        quantity: ['Jumlah minimal 1.'],
        id: ['ID tidak valid.'],
      }),
    ).toEqual({
      custom_name: { code: 'nameMissing' },
      quantity: { code: 'quantityInvalid' },
      _: { code: 'invalid', detail: 'ID tidak valid.' },
    });
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

describe('URL state', () => {
  it('reads status, search, page, the open request and the form flag; bad values fall back', () => {
    expect(
      viewFromSearch('?tab=requests&status=approved&q=kertas&page=3&request=r1&new=1'),
    ).toEqual({ status: 'approved', q: 'kertas', page: 3, request: 'r1', creating: true });
    expect(viewFromSearch('?tab=requests&status=done&page=-2&request=')).toEqual({
      status: 'all',
      q: '',
      page: 1,
      request: null,
      creating: false,
    });
  });

  it('always writes tab=requests and leaves defaults out; round-trips', () => {
    expect(hrefForView({ status: 'all', q: '  ', page: 1, request: null, creating: false })).toBe(
      '/inventory?tab=requests',
    );
    const view = {
      status: 'pending' as const,
      q: 'REQ-2026',
      page: 2,
      request: 'abc',
      creating: false,
    };
    const href = hrefForView(view);
    expect(href).toBe('/inventory?tab=requests&status=pending&q=REQ-2026&page=2&request=abc');
    expect(viewFromSearch(href.slice(href.indexOf('?')))).toEqual(view);
  });

  it('the export path carries the filters, not the paging', () => {
    expect(exportPath({ status: 'all', q: '' })).toBe('api/inventory/requests/export');
    expect(exportPath({ status: 'rejected', q: 'kursi lipat' })).toBe(
      'api/inventory/requests/export?status=rejected&q=kursi+lipat',
    );
  });
});

describe('list: names, search, filter, order, paging', () => {
  const older = request({ number: 'REQ-2026-000001', created_at: '2026-11-01T00:00:00.000Z' });
  const newer = request({
    number: 'REQ-2026-000002',
    status: 'approved',
    created_at: '2026-11-10T00:00:00.000Z',
  });
  const local = request({
    number: null,
    type: 'custom',
    item_id: null,
    custom_name: 'Kursi Lipat',
    created_at: '2026-11-22T00:00:00.000Z',
  });
  const entries = [older, local, newer].map((r) => ({
    request: r,
    itemName: itemNameOf(r, items),
  }));

  it('the item name is the stock item’s, or the custom name; unknown stock items have none', () => {
    expect(itemNameOf(older, items)).toBe('Kertas HVS A4');
    expect(itemNameOf(local, items)).toBe('Kursi Lipat');
    expect(itemNameOf(request({ item_id: newId() }), items)).toBeNull();
  });

  it('newest first; the status filter keeps only that status', () => {
    expect(selectRequests(entries, { status: 'all', q: '' }).map((e) => e.request)).toEqual([
      local,
      newer,
      older,
    ]);
    expect(selectRequests(entries, { status: 'approved', q: '' }).map((e) => e.request)).toEqual([
      newer,
    ]);
    expect(selectRequests(entries, { status: 'rejected', q: '' })).toEqual([]);
  });

  it('search matches the number or the item name, ignoring case and spacing', () => {
    expect(matchesQuery(entries[0]!, 'req-2026-000001')).toBe(true);
    expect(matchesQuery(entries[1]!, '  kursi   lipat ')).toBe(true);
    expect(matchesQuery(entries[1]!, 'REQ')).toBe(false);
    expect(selectRequests(entries, { status: 'all', q: 'hvs' }).map((e) => e.request)).toEqual([
      newer,
      older,
    ]);
    expect(selectRequests(entries, { status: 'pending', q: '000002' })).toEqual([]);
  });

  it('pages clamp to what exists', () => {
    const list = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(list, 3)).toEqual({ rows: [20, 21, 22], page: 3, pages: 3, total: 23 });
    expect(pageOf(list, 9).page).toBe(3);
    expect(pageOf(list, 0).rows).toEqual(list.slice(0, 10));
    expect(pageOf([], 4)).toEqual({ rows: [], page: 1, pages: 1, total: 0 });
  });
});

describe('sync marks and the timeline', () => {
  const conflict = 'Permintaan REQ-2026-000001 sudah ditolak sebelumnya; status tidak diubah.';

  it('groups this user’s outbox entries by request; other entities are ignored', () => {
    const marks = syncMarks([
      {
        id: 1,
        entity: 'item_requests',
        entity_id: 'r1',
        status: 'pending',
        mutation: { name: 'request.create' },
      },
      {
        id: 2,
        entity: 'item_requests',
        entity_id: 'r1',
        status: 'rejected',
        mutation: { name: 'request.approve' },
        result: { seq: 2, id: 'm2', status: 'rejected', code: 'conflict', message: conflict },
      },
      { id: 3, entity: 'reports', entity_id: 'r1', status: 'pending', mutation: { name: 'x' } },
    ]);
    expect([...marks.keys()]).toEqual(['r1']);
    expect(marks.get('r1')).toEqual({
      pending: [{ entryId: 1, name: 'request.create' }],
      refused: [{ entryId: 2, name: 'request.approve', message: conflict }],
    });
  });

  it('a request made offline: created, waiting to sync, awaiting a decision', () => {
    const row = request({ number: null });
    const mark: RequestSyncMark = {
      pending: [{ entryId: 1, name: 'request.create' }],
      refused: [],
    };
    expect(buildTimeline(row, mark).map((s) => [s.kind, s.state])).toEqual([
      ['created', 'done'],
      ['synced', 'waiting'],
      ['awaiting_decision', 'waiting'],
    ]);
    expect(buildTimeline(row, mark)[0]).toMatchObject({
      at: row.created_at,
      actorId: 'staff-1',
    });
  });

  it('a synced, approved request: number, approver, time and notes', () => {
    const row = request({
      status: 'approved',
      approver_id: 'admin-1',
      approver_notes: 'Ambil di gudang',
      decided_at: '2026-11-21T03:00:00.000Z',
    });
    const steps = buildTimeline(row);
    expect(steps[1]).toMatchObject({ kind: 'synced', state: 'done', number: 'REQ-2026-000001' });
    expect(steps[2]).toEqual({
      kind: 'approved',
      state: 'done',
      at: '2026-11-21T03:00:00.000Z',
      actorId: 'admin-1',
      number: null,
      notes: 'Ambil di gudang',
      message: null,
    });
  });

  it('a decision made here is waiting until synced, and refused with the server’s message', () => {
    const row = request({
      status: 'rejected',
      approver_id: 'admin-1',
      decided_at: NOW.toISOString(),
    });
    expect(
      buildTimeline(row, { pending: [{ entryId: 4, name: 'request.reject' }], refused: [] })[2]
        ?.state,
    ).toBe('waiting');
    const refused = buildTimeline(row, {
      pending: [],
      refused: [{ entryId: 4, name: 'request.reject', message: conflict }],
    })[2];
    expect(refused).toMatchObject({ kind: 'rejected', state: 'refused', message: conflict });
  });

  it('a create the server refused shows its message on the sync step', () => {
    const steps = buildTimeline(request({ number: null, type: 'custom' }), {
      pending: [],
      refused: [
        { entryId: 1, name: 'request.create', message: 'Gambar produk belum terunggah ke server.' },
      ],
    });
    expect(steps[1]).toMatchObject({
      kind: 'synced',
      state: 'refused',
      message: 'Gambar produk belum terunggah ke server.',
    });
  });
});

describe('formatting and analytics', () => {
  it('a needed date never shifts by time zone; percent uses the language', () => {
    expect(formatDay('2026-12-01', 'en')).toBe('1 Dec 2026');
    expect(formatDay('bad', 'id')).toBe('bad');
    expect(formatPercent(66.7, 'en')).toBe('66.7%');
    expect(formatPercent(66.7, 'id')).toMatch(/^66,7\s?%$/);
  });

  it('parses the analytics answer and refuses a broken one', () => {
    const data = {
      from: '2026-10-25',
      to: '2026-11-23',
      total: 12,
      daily_average: 0.4,
      approved: 6,
      rejected: 2,
      pending: 4,
      approval_rate: 75,
      most_requested: [{ name: 'Kertas HVS A4', item_id: ITEM, requests: 5, quantity: 20 }],
    };
    expect(parseAnalytics({ data })).toEqual(data);
    expect(() => parseAnalytics({ data: { ...data, approval_rate: '75' } })).toThrow(TypeError);
    expect(() => parseAnalytics(null)).toThrow(TypeError);
  });
});

describe('texts', () => {
  it('keeps the spec §8 toasts verbatim, with English equivalents', () => {
    expect(i18n.t(requestKey('createFailed'), { lng: 'id' })).toBe(
      'Gagal membuat permintaan barang',
    );
    expect(i18n.t(requestKey('createFailed'), { lng: 'en' })).toBe('Failed to create item request');
    expect(i18n.t(requestKey('decide.failed'), { lng: 'id' })).toBe(
      'Gagal memperbarui status permintaan',
    );
    expect(i18n.t(requestKey('decide.failed'), { lng: 'en' })).toBe(
      'Failed to update request status',
    );
    expect(i18n.t(requestKey('statuses.pending'), { lng: 'id' })).toBe('Menunggu');
    expect(i18n.t(requestKey('statuses.approved'), { lng: 'id' })).toBe('Disetujui');
    expect(i18n.t(requestKey('statuses.rejected'), { lng: 'id' })).toBe('Ditolak');
    expect(i18n.t(requestKey('awaitingNumber'), { lng: 'en' })).toBe('Numbered once sent');
  });

  it('every problem has a title and text in both languages', () => {
    for (const language of ['id', 'en'] as const) {
      for (const [code, texts] of Object.entries(REQUEST_TEXTS[language].problems)) {
        expect(texts.title, `${language} ${code}`).not.toBe('');
        expect(texts.text, `${language} ${code}`).not.toBe('');
      }
      expect(Object.keys(REQUEST_TEXTS[language].problems).sort()).toEqual(
        Object.keys(REQUEST_TEXTS.id.problems).sort(),
      );
    }
  });
});
