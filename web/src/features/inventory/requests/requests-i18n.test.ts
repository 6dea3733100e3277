import { describe, expect, it } from 'vitest';
import { REQUEST_TEXTS, requestKey } from './requests-i18n.js';
import { i18n } from './test-fixtures.js';

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

  it('counts requests and units apart, each singular in English for one', () => {
    const count = (key: string, n: number, lng: 'id' | 'en') =>
      i18n.t(requestKey(`analytics.${key}`), { count: n, quantity: String(n), lng });
    expect([count('requestCount', 1, 'en'), count('unitCount', 48, 'en')]).toEqual([
      '1 request',
      '48 units',
    ]);
    expect([count('requestCount', 5, 'en'), count('unitCount', 1, 'en')]).toEqual([
      '5 requests',
      '1 unit',
    ]);
    expect([count('requestCount', 1, 'id'), count('unitCount', 48, 'id')]).toEqual([
      '1 permintaan',
      '48 unit',
    ]);
  });
});
