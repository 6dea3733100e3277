// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ERROR_CODES,
  ERROR_TEXTS_ID,
  indonesianText,
  placeholdersOf,
  type ErrorCode,
  type ErrorParamValue,
} from '@urs/sync-protocol';
import {
  DEVICE_ERROR_CODES,
  errorText,
  fieldTexts,
  loadEnglishErrorTexts,
  rejectionFields,
  rejectionText,
} from './error-text.js';
import { ERROR_TEXTS_EN } from './error-texts-en.js';

/*
 * Values for the params of the codes whose text is a function (they read enumerated values);
 * the template codes get a value for every placeholder their Indonesian text names.
 */
const FUNCTION_PARAMS: Partial<Record<ErrorCode, Record<string, ErrorParamValue>>> = {
  reference_not_found: { kind: 'area' },
  reference_name_taken: { kind: 'category' },
  request_decided: { number: 'REQ-2026-000001', status: 'approved' },
  report_transition: { from: 'completed', to: 'in_progress' },
  id_taken: { kind: 'report' },
  photos_per_kind: { max: 10, kind: 'before' },
};

function sampleParams(code: ErrorCode): Record<string, ErrorParamValue> {
  if (typeof ERROR_TEXTS_ID[code] === 'function') return FUNCTION_PARAMS[code] ?? {};
  return Object.fromEntries(placeholdersOf(code).map((name, i) => [name, 40 + i]));
}

beforeAll(() => loadEnglishErrorTexts());

afterEach(() => {
  document.documentElement.lang = '';
});

describe('the English texts', () => {
  it('are loaded when first asked for; until then a code reads in Indonesian', async () => {
    vi.resetModules();
    const fresh = await import('./error-text.js');
    const reason = { code: 'invalid' } as const;
    expect(fresh.errorText(reason, undefined, 'en')).toBe(indonesianText(reason));
    await fresh.loadEnglishErrorTexts();
    expect(fresh.errorText(reason, undefined, 'en')).toBe('The data sent is not valid.');
  });
});

describe('every contract and server code has a text in both languages', () => {
  for (const code of ERROR_CODES) {
    it(code, () => {
      const params = sampleParams(code);
      const id = errorText({ code, params }, undefined, 'id');
      const en = errorText({ code, params }, undefined, 'en');
      for (const text of [id, en]) {
        expect(text.trim()).not.toBe('');
        expect(text).not.toMatch(/undefined|\{\w+\}/);
        for (const value of Object.values(params)) {
          if (typeof value === 'number') expect(text).toContain(String(value));
        }
      }
      // Indonesian is the contract's own text, word for word.
      expect(id).toBe(indonesianText({ code, params }));
      expect(Object.hasOwn(ERROR_TEXTS_EN, code)).toBe(true);
    });
  }

  it('no English text is left in Indonesian', () => {
    const same = ERROR_CODES.filter(
      (code) =>
        errorText({ code, params: sampleParams(code) }, undefined, 'en') ===
        errorText({ code, params: sampleParams(code) }, undefined, 'id'),
    );
    expect(same).toEqual([]);
  });
});

describe('translating a reason', () => {
  it("keeps the spec's Indonesian and fills params in both languages", () => {
    const tooLong = { code: 'text_too_long', params: { max: 160 } };
    expect(errorText(tooLong, undefined, 'id')).toBe('Maksimal 160 karakter.');
    expect(errorText(tooLong, undefined, 'en')).toBe('At most 160 characters.');
    expect(errorText({ code: 'image_too_large' }, undefined, 'id')).toBe(
      'Ukuran gambar maksimal 10 MB.',
    );
    expect(errorText({ code: 'image_too_large' }, undefined, 'en')).toBe(
      'Images may be at most 10 MB.',
    );
  });

  it('follows the language on <html lang>, Indonesian by default', () => {
    expect(errorText({ code: 'storage_full' })).toMatch(/^Penyimpanan perangkat penuh/);
    document.documentElement.lang = 'en';
    expect(errorText({ code: 'storage_full' })).toMatch(/^Device storage is full/);
    expect(
      errorText({ code: 'report_transition', params: { from: 'completed', to: 'in_progress' } }),
    ).toBe('The report status cannot change from "Completed" to "In progress".');
  });

  it('has both languages for the failures only the device can have', () => {
    expect(DEVICE_ERROR_CODES).toContain('refusal_gone');
    for (const code of DEVICE_ERROR_CODES) {
      const id = errorText({ code }, undefined, 'id');
      const en = errorText({ code }, undefined, 'en');
      expect(id).not.toBe(en);
      expect(en).not.toBe('The data sent is not valid.');
    }
    expect(errorText({ code: 'refusal_gone' }, undefined, 'en')).toBe(
      'This change is not found or is no longer refused.',
    );
  });

  it("shows the server's message for a code it does not know, or one missing its params", () => {
    expect(errorText({ code: 'from_a_newer_server' }, 'Pesan server.', 'en')).toBe('Pesan server.');
    expect(errorText({ code: 'seq_gap' }, 'Server menunggu nomor 3.', 'en')).toBe(
      'Server menunggu nomor 3.',
    );
    expect(errorText({ code: 'from_a_newer_server' }, undefined, 'en')).toBe(
      'The data sent is not valid.',
    );
  });

  it('turns field reasons into per-field texts', () => {
    expect(
      fieldTexts({ quantity: [{ code: 'quantity_too_small', params: { min: 1 } }] }, 'en'),
    ).toEqual({ quantity: ['Quantity must be at least 1.'] });
  });
});

describe('server answers in English', () => {
  it('a refused queued change reads its reason; one from an older server its message', () => {
    const refused = {
      message: 'Area tidak ditemukan.',
      errors: { area_id: ['Area tidak ditemukan.'] },
      reason: { code: 'reference_not_found', params: { kind: 'area' } },
      field_reasons: { area_id: [{ code: 'reference_not_found', params: { kind: 'area' } }] },
    };
    document.documentElement.lang = 'en';
    expect(rejectionText(refused)).toBe('Area not found.');
    expect(rejectionFields(refused)).toEqual({ area_id: ['Area not found.'] });
    expect(rejectionText({ message: 'Pesan lama.' })).toBe('Pesan lama.');
    expect(rejectionFields({ message: 'Pesan lama.' })).toEqual({ _: ['Pesan lama.'] });
    document.documentElement.lang = 'id';
    expect(rejectionText(refused)).toBe('Area tidak ditemukan.');
  });
});

describe('numbers in a text', () => {
  it('are written as the language writes them, past four digits', () => {
    const over = { code: 'quantity_too_large', params: { max: 1_000_000 } } as const;
    expect(indonesianText(over)).toBe('Jumlah maksimal 1.000.000.');
    expect(errorText(over, undefined, 'id')).toBe('Jumlah maksimal 1.000.000.');
    expect(errorText(over, undefined, 'en')).toBe('Quantity must be at most 1,000,000.');
    // Four digits as the texts always had them.
    const text = { code: 'text_too_long', params: { max: 2000 } } as const;
    expect(indonesianText(text)).toBe('Maksimal 2000 karakter.');
    expect(errorText(text, undefined, 'en')).toBe('At most 2000 characters.');
  });
});
