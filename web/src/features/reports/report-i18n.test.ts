import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { JOB_PRIORITIES, JOB_PRIORITY_LABELS } from '@urs/sync-protocol';
import { initI18n } from '../../lib/i18n.js';
import { priorityKey } from './job-i18n.js';
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

describe('priority names', () => {
  afterAll(() => i18next.changeLanguage('id'));

  it("are the contract's one table, in both languages, wherever a screen says them", async () => {
    initI18n('id');
    for (const [language, index] of [
      ['id', 0],
      ['en', 1],
    ] as const) {
      await i18next.changeLanguage(language);
      for (const priority of JOB_PRIORITIES) {
        expect(i18next.t(priorityKey(priority))).toBe(JOB_PRIORITY_LABELS[priority][index]);
      }
    }
    // The report list had its own copy; it now says the job texts' names.
    expect(i18next.exists('reportList.priorities.urgent')).toBe(false);
  });
});
