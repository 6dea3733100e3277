// @vitest-environment jsdom
import { areaSchema } from '@urs/sync-protocol';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../client/api-client.js';
import { buildQuery, failureText, parsePaged, serverFieldErrors } from '../../client/admin-kit.js';
import { formOf, referenceListPath, referencePayload } from './areas-api.js';
import { posterQrDataUrl, posterUrl, svgDataUrl, svgFromDataUrl } from './qr.js';

describe('buildQuery', () => {
  it('drops blank, null and undefined values, trims text and keeps the order', () => {
    expect(buildQuery({ q: '  kantin ', role: '', page: 2, per_page: 10, x: undefined })).toBe(
      '?q=kantin&page=2&per_page=10',
    );
    expect(buildQuery({ q: '   ', active: null })).toBe('');
    expect(buildQuery({ active: false, page: 1 })).toBe('?active=false&page=1');
  });

  it('encodes reserved characters', () => {
    expect(buildQuery({ q: 'a&b=c ruang' })).toBe('?q=a%26b%3Dc+ruang');
  });

  it('builds the areas and categories list paths', () => {
    expect(referenceListPath('areas', { q: 'lab', page: 3 })).toBe(
      'api/areas?q=lab&page=3&per_page=10',
    );
    expect(referenceListPath('categories', { q: '', page: 1, per_page: 25 })).toBe(
      'api/categories?page=1&per_page=25',
    );
  });
});

describe('referencePayload', () => {
  it('sends a blank description as null and keeps active for areas only', () => {
    expect(
      referencePayload('areas', 'create', { name: ' Aula ', description: '  ', active: false }),
    ).toEqual({ ok: true, payload: { name: 'Aula', description: null, active: false } });
    expect(
      referencePayload('categories', 'create', {
        name: 'Atap',
        description: 'Bocor',
        active: false,
      }),
    ).toEqual({ ok: true, payload: { name: 'Atap', description: 'Bocor' } });
  });

  it('reports the schema errors per field', () => {
    const result = referencePayload('areas', 'edit', {
      name: ' ',
      description: 'x'.repeat(1001),
      active: true,
    });
    expect(result).toEqual({
      ok: false,
      errors: { name: ['Nama wajib diisi.'], description: ['Maksimal 1000 karakter.'] },
    });
  });

  it('starts an edit form from the row', () => {
    expect(
      formOf({
        id: 'a1',
        name: 'UKS',
        description: null,
        active: false,
        created_at: '',
        updated_at: '',
      }),
    ).toEqual({ name: 'UKS', description: '', active: false });
  });
});

describe('QR posters', () => {
  it("points at the area's public form by the poster's token, never the area's id", () => {
    expect(posterUrl('https://urs.sch.id', 'Ab3_-x9Kq2LmNp0z')).toBe(
      'https://urs.sch.id/lapor/Ab3_-x9Kq2LmNp0z',
    );
  });

  it('renders an SVG data URL that decodes back to the SVG', async () => {
    const url = await posterQrDataUrl('http://localhost', 'Ab3_-x9Kq2LmNp0z');
    expect(url.startsWith('data:image/svg+xml')).toBe(true);
    const svg = svgFromDataUrl(url);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path');
    expect(svgFromDataUrl(svgDataUrl('<svg/>'))).toBe('<svg/>');
    expect(svgFromDataUrl('data:text/html,<script>')).toBeNull();
  });
});

describe('answers and failures', () => {
  it('parses a paged answer and rejects a broken one', () => {
    const row = {
      id: 'a1',
      name: 'Aula',
      description: null,
      active: true,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    expect(
      parsePaged(
        { data: [row], meta: { page: 2, per_page: 10, total: 11, last_page: 2 } },
        areaSchema,
      ),
    ).toEqual({ data: [row], meta: { page: 2, per_page: 10, total: 11, last_page: 2 } });
    expect(() => parsePaged({ data: 'x' }, areaSchema)).toThrow();
  });

  it('says offline for network failures, else the server message, else the fallback', () => {
    const refused = new ApiError(409, 'Anda tidak dapat menghapus akun Anda sendiri.', {
      message: 'Anda tidak dapat menghapus akun Anda sendiri.',
    });
    expect(failureText(refused, 'Gagal', 'Offline', true)).toBe(
      'Anda tidak dapat menghapus akun Anda sendiri.',
    );
    expect(failureText(new NetworkError(new Error('x')), 'Gagal', 'Offline', true)).toBe('Offline');
    expect(failureText(refused, 'Gagal', 'Offline', false)).toBe('Offline');
    expect(failureText(new ApiError(500, 'x', null), 'Gagal', 'Offline', true)).toBe('Gagal');
    const invalid = new ApiError(422, 'Data yang dikirim tidak valid.', {
      message: 'Data yang dikirim tidak valid.',
      errors: { name: ['Area dengan nama ini sudah ada.'] },
    });
    expect(serverFieldErrors(invalid)).toEqual({ name: ['Area dengan nama ini sudah ada.'] });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});
