import { describe, expect, it } from 'vitest';
import { formatBytes, formatDay, formatPercent } from './format.js';

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
