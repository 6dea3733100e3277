import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDay,
  formatDayMonth,
  formatDue,
  formatDueTime,
  formatMonth,
  formatMonthTick,
  formatPercent,
} from './format.js';

describe('formatBytes', () => {
  it('writes Indonesian decimals with a comma', () => {
    expect(formatBytes(12.4 * 1024 * 1024, 'id')).toBe('12,4 MB');
    expect(formatBytes(1.2 * 1024 * 1024 * 1024, 'id')).toBe('1,2 GB');
    expect(formatBytes(512, 'id')).toBe('512 B');
    expect(formatBytes(0, 'id')).toBe('0 B');
  });

  it('writes English decimals with a point', () => {
    expect(formatBytes(12.4 * 1024 * 1024, 'en')).toBe('12.4 MB');
    expect(formatBytes(2048, 'en')).toBe('2 KB');
  });
});

describe('formatDay and formatPercent', () => {
  it('a needed date never shifts by time zone; percent uses the language', () => {
    expect(formatDay('2026-12-01', 'en')).toBe('1 Dec 2026');
    expect(formatDay('bad', 'id')).toBe('bad');
    expect(formatPercent(66.7, 'en')).toBe('66.7%');
    expect(formatPercent(66.7, 'id')).toMatch(/^66,7\s?%$/);
  });
});

describe('formatDayMonth and formatMonth', () => {
  it("a chart's day and month keys read as the app's dates, in the interface language", () => {
    expect(formatDayMonth('2026-11-21', 'id')).toBe('21 Nov');
    expect(formatDayMonth('2026-11-21', 'en')).toBe('21 Nov');
    expect(formatDayMonth('2026-08-01', 'id')).toBe('1 Agu');
    expect(formatMonth('2026-09', 'id')).toBe('Sep 2026');
    expect(formatMonth('2026-08', 'id')).toBe('Agu 2026');
    expect(formatMonth('2026-12', 'en')).toBe('Dec 2026');
    expect(formatDayMonth('bad', 'id')).toBe('bad');
    expect(formatMonth('2026-13', 'en')).toBe('2026-13');
  });

  it("a month on a chart's axis carries its year only first and in January", () => {
    const axis = ['2026-10', '2026-11', '2026-12', '2027-01', '2027-02'];
    expect(axis.map((month, i) => formatMonthTick(month, 'id', i === 0))).toEqual([
      'Okt 2026',
      'Nov',
      'Des',
      'Jan 2027',
      'Feb',
    ]);
    expect(formatMonthTick('2026-08', 'en', false)).toBe('Aug');
    expect(formatMonthTick('bad', 'en', false)).toBe('bad');
  });
});

describe('formatDue', () => {
  it("a job's due day and time are the school's own, never shifted by the device's zone", () => {
    expect(formatDue('2026-12-03', null, 'en')).toBe('3 Dec 2026');
    expect(formatDue('2026-12-03', '09:30', 'en')).toBe('3 Dec 2026, 09:30');
    expect(formatDue('2026-12-03', '23:45', 'id')).toMatch(/^3 Des 2026,? 23\.45$/);
    expect(formatDueTime('07:05', 'id')).toBe('07.05');
    expect(formatDue('nope', '09:30', 'id')).toBe('nope');
  });
});
