import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.js';
import './requests-i18n.js';

describe('counted request texts', () => {
  afterAll(() => i18next.changeLanguage('id'));

  it('count requests and units apart, each singular in English for one', async () => {
    initI18n('en');
    await i18next.changeLanguage('en');
    const t = (key: string, count: number) =>
      i18next.t(`inventory.requests.analytics.${key}`, { count, quantity: String(count) });
    expect([t('requestCount', 1), t('unitCount', 48)]).toEqual(['1 request', '48 units']);
    expect([t('requestCount', 5), t('unitCount', 1)]).toEqual(['5 requests', '1 unit']);
    await i18next.changeLanguage('id');
    expect([t('requestCount', 1), t('unitCount', 48)]).toEqual(['1 permintaan', '48 unit']);
  });
});
