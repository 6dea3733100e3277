import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.js';
import './report-i18n.js';
import './report-list-i18n.js';

describe('counted report texts', () => {
  afterAll(() => i18next.changeLanguage('id'));

  it('are singular in English for one; Indonesian has one form', async () => {
    initI18n('en');
    await i18next.changeLanguage('en');
    expect(i18next.t('reports.photoCount', { count: 1 })).toBe('1 photo');
    expect(i18next.t('reports.photoCount', { count: 2 })).toBe('2 photos');
    expect(i18next.t('reportList.reportCount', { count: 1 })).toBe('1 report');
    await i18next.changeLanguage('id');
    expect(i18next.t('reports.photoCount', { count: 1 })).toBe('1 foto');
    expect(i18next.t('reportList.reportCount', { count: 1 })).toBe('1 laporan');
  });
});
