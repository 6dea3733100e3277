import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../lib/i18n.js';
import './rounds-admin-i18n.js';
import { scheduleText } from './schedule-text.js';

describe("a template's schedule on the admin's list", () => {
  afterAll(() => i18next.changeLanguage('id'));

  it('names the days, in either language', async () => {
    initI18n('en');
    await i18next.changeLanguage('en');
    const t = i18next.t.bind(i18next) as Parameters<typeof scheduleText>[1];
    expect(scheduleText({ kind: 'weekdays', weekdays: [1, 3, 5] }, t)).toBe('Mon, Wed, Fri');
    expect(scheduleText({ kind: 'weekdays', weekdays: [1, 2, 3, 4, 5, 6, 7] }, t)).toBe(
      'Every day',
    );
    expect(scheduleText({ kind: 'every_n_days', n: 90 }, t)).toBe('Every 90 days');
    expect(scheduleText({ kind: 'every_n_weeks', n: 2, weekdays: [2] }, t)).toBe(
      'Every 2 weeks: Tue',
    );
    expect(scheduleText({ kind: 'every_n_weeks', n: 1, weekdays: [2, 4] }, t)).toBe(
      'Every week: Tue, Thu',
    );
    expect(scheduleText({ kind: 'day_of_month', day: 31 }, t)).toBe('Day 31 of each month');
    expect(scheduleText({ kind: 'after_completion', n: 90 }, t)).toBe(
      '90 days after the last one done',
    );

    await i18next.changeLanguage('id');
    expect(scheduleText({ kind: 'weekdays', weekdays: [1, 3, 5] }, t)).toBe('Sen, Rab, Jum');
    expect(scheduleText({ kind: 'daily' }, t)).toBe('Setiap hari');
    expect(scheduleText({ kind: 'every_n_days', n: 3 }, t)).toBe('Setiap 3 hari');
    expect(scheduleText({ kind: 'day_of_month', day: 1 }, t)).toBe('Tanggal 1 tiap bulan');
  });
});
