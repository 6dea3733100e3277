import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.js';
import './shell-i18n.js';

describe('counted texts', () => {
  afterAll(() => i18next.changeLanguage('id'));

  it('are singular in English for one, and keep the one Indonesian form', async () => {
    initI18n('en');
    await i18next.changeLanguage('en');
    const t = (key: string, count: number) => i18next.t(key, { count, quantity: count });
    expect(t('logout.pendingTitle', 1)).toBe('1 change not sent yet');
    expect(t('logout.pendingTitle', 2)).toBe('2 changes not sent yet');
    expect(t('sync.pendingLong', 1)).toBe('1 change not sent yet.');
    expect(t('announcements.newTitle', 1)).toBe('1 new announcement');
    expect(t('announcements.newTitle', 3)).toBe('3 new announcements');

    await i18next.changeLanguage('id');
    expect(t('logout.pendingTitle', 1)).toBe('Ada 1 perubahan belum terkirim');
    // The spec's words, for one as for many.
    expect(t('announcements.newTitle', 1)).toBe('1 pengumuman baru');
  });
});
