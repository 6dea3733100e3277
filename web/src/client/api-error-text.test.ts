// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEnglishErrorTexts } from '../lib/error-text.js';
import { ApiError } from './api-client.js';

beforeAll(() => loadEnglishErrorTexts());

afterEach(() => {
  document.documentElement.lang = '';
});

describe('server answers in English', () => {
  it('an API error reads its code, params and field reasons, not its Indonesian text', () => {
    document.documentElement.lang = 'en';
    const err = new ApiError(422, 'Area dengan nama ini sudah ada.', {
      message: 'Area dengan nama ini sudah ada.',
      code: 'reference_name_taken',
      params: { kind: 'area' },
      errors: { name: ['Area dengan nama ini sudah ada.'], extra: ['Teks lama.'] },
      field_reasons: { name: [{ code: 'reference_name_taken', params: { kind: 'area' } }] },
    });
    expect(err.message).toBe('Area with this name already exists.');
    expect(err.errors).toEqual({
      name: ['Area with this name already exists.'],
      extra: ['Teks lama.'],
    });
  });

  it("an older server's answer without codes keeps its texts", () => {
    document.documentElement.lang = 'en';
    const err = new ApiError(422, 'Email sudah terdaftar.', {
      message: 'Email sudah terdaftar.',
      errors: { email: ['Email sudah terdaftar.'] },
    });
    expect(err.message).toBe('Email sudah terdaftar.');
    expect(err.errors).toEqual({ email: ['Email sudah terdaftar.'] });
  });
});
