import { describe, expect, it } from 'vitest';
import { fieldReasons } from './errors.js';
import { TEXT_LIMITS } from './limits.js';
import { posterReceiptSchema, posterReportInputSchema } from './poster.js';
import { POSTER_TOKEN_PATTERN, posterPageUrl } from './poster-page.js';

describe('the poster form', () => {
  it('takes the problem trimmed and blank optional fields as none', () => {
    expect(
      posterReportInputSchema.parse({ description: '  Keran bocor  ', name: ' ', contact: '' }),
    ).toEqual({ description: 'Keran bocor', name: null, contact: null });
    expect(
      posterReportInputSchema.parse({ description: 'Lampu mati', name: 'Budi', contact: '0812' }),
    ).toEqual({ description: 'Lampu mati', name: 'Budi', contact: '0812' });
  });

  it('refuses a missing problem and text past its limits by code', () => {
    const missing = posterReportInputSchema.safeParse({ description: '   ' });
    expect(missing.success).toBe(false);
    if (!missing.success) {
      expect(fieldReasons(missing.error)).toEqual({ description: [{ code: 'problem_required' }] });
    }
    const long = posterReportInputSchema.safeParse({
      description: 'x'.repeat(TEXT_LIMITS.posterProblem + 1),
      contact: 'y'.repeat(TEXT_LIMITS.posterContact + 1),
      name: 'Nul\u0000',
    });
    expect(long.success).toBe(false);
    if (!long.success) {
      expect(fieldReasons(long.error)).toEqual({
        description: [{ code: 'text_too_long', params: { max: TEXT_LIMITS.posterProblem } }],
        contact: [{ code: 'text_too_long', params: { max: TEXT_LIMITS.posterContact } }],
        name: [{ code: 'text_unstorable' }],
      });
    }
  });

  it('answers a reference and nothing more', () => {
    expect(posterReceiptSchema.safeParse({ reference: 'AB12-CD34' }).success).toBe(true);
    expect(posterReceiptSchema.safeParse({ reference: 'AB12-CD34', id: 'x' }).success).toBe(false);
  });

  it('builds the page address from the token alone', () => {
    expect(posterPageUrl('https://urs.sekolah.test', 'Ab3_-x9Kq2LmNp0z')).toBe(
      'https://urs.sekolah.test/lapor/Ab3_-x9Kq2LmNp0z',
    );
    expect(POSTER_TOKEN_PATTERN.test('Ab3_-x9Kq2LmNp0z')).toBe(true);
    expect(POSTER_TOKEN_PATTERN.test('../etc/passwd')).toBe(false);
  });
});
