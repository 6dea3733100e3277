import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, newId } from '@urs/sync-protocol';
import {
  FIELD_ORDER,
  firstProblem,
  imageProblem,
  normalizeStoreLink,
  parseQuantity,
  validateRequestForm,
} from './request-form-logic.js';
import { isCalendarDate } from '../../../../lib/calendar-date.js';
import { ITEM, OLD_ITEM, items, JPEG_OK, form, pair } from '../test-fixtures.js';

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
      notes: { code: 'notesTooLong', detail: 'Maksimal 2000 karakter.' },
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

  it("a name over the contract's limit is refused with the contract's text", () => {
    const check = validateRequestForm(form({ type: 'custom', custom_name: 'a'.repeat(161) }), {
      image: JPEG_OK,
      items,
    });
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.problems.custom_name).toEqual({
        code: 'nameTooLong',
        detail: 'Maksimal 160 karakter.',
      });
    }
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
