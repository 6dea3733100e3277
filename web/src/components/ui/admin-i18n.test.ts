import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.js';
import './admin-i18n.js';

describe('admin counted texts', () => {
  afterAll(() => i18next.changeLanguage('id'));

  it('count one QR poster in the singular in English and keep the one Indonesian form', async () => {
    initI18n('en');
    await i18next.changeLanguage('en');
    expect(i18next.t('qr.count', { count: 1 })).toBe(
      '1 poster, on its own page, for the only active area.',
    );
    expect(i18next.t('qr.count', { count: 12 })).toBe(
      '12 posters, one per page, for the active areas.',
    );

    await i18next.changeLanguage('id');
    expect(i18next.t('qr.count', { count: 1 })).toBe(
      '1 poster, satu per halaman, untuk area yang aktif.',
    );
  });
});
