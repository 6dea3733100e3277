import { describe, expect, it } from 'vitest';
import { formatDuration, type DurationText } from './analytics-duration.js';

const text: DurationText = (key, { major, minor }) =>
  key === 'days' ? `${major}d ${minor}h` : key === 'hours' ? `${major}h ${minor}m` : `${major}m`;

describe('a time to complete', () => {
  it('reads in its two largest units, to the minute', () => {
    expect(formatDuration(2 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000, text)).toBe('2d 4h');
    expect(formatDuration(3 * 3_600_000 + 20 * 60_000 + 29_000, text)).toBe('3h 20m');
    expect(formatDuration(45 * 60_000, text)).toBe('45m');
  });

  it('rounds to the nearest minute, carrying into the next unit', () => {
    expect(formatDuration(3_600_000 - 20_000, text)).toBe('1h 0m');
    expect(formatDuration(86_400_000 - 30_000, text)).toBe('1d 0h');
    expect(formatDuration(29_000, text)).toBe('0m');
  });

  it('never reads as negative when a phone clock ran behind', () => {
    expect(formatDuration(-90_000, text)).toBe('0m');
  });
});
