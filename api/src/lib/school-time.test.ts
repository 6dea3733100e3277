import { describe, expect, it } from 'vitest';
import { localDate, localDayStart, parseUtcOffset, scopeRange } from './school-time.js';

const wib = { offsetMinutes: parseUtcOffset('+07:00') };

describe('school time', () => {
  it('reads fixed UTC offsets', () => {
    expect(parseUtcOffset('+07:00')).toBe(420);
    expect(parseUtcOffset('+09:00')).toBe(540);
    expect(parseUtcOffset('-03:30')).toBe(-210);
    expect(() => parseUtcOffset('WIB')).toThrow();
  });

  it('puts local midnight at the right UTC instant and dates instants locally', () => {
    expect(localDayStart('2026-11-22', wib).toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(localDate(new Date('2026-11-21T17:30:00.000Z'), wib)).toBe('2026-11-22');
  });

  it('spans today, this week from Monday and this month in local time', () => {
    const now = new Date('2026-11-22T05:00:00.000Z'); // Sunday 12:00 WIB
    expect(scopeRange('today', now, wib)).toEqual({
      from: new Date('2026-11-21T17:00:00.000Z'),
      to: new Date('2026-11-22T17:00:00.000Z'),
    });
    expect(scopeRange('this_week', now, wib)).toEqual({
      from: new Date('2026-11-15T17:00:00.000Z'),
      to: new Date('2026-11-22T17:00:00.000Z'),
    });
    expect(scopeRange('this_month', now, wib)).toEqual({
      from: new Date('2026-10-31T17:00:00.000Z'),
      to: new Date('2026-11-30T17:00:00.000Z'),
    });
    expect(
      scopeRange('this_month', new Date('2026-12-31T20:00:00.000Z'), wib).from?.toISOString(),
    ).toBe('2026-12-31T17:00:00.000Z');
    expect(scopeRange('all', now, wib)).toEqual({});
  });
});
