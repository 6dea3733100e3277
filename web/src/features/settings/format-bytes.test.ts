import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.js';

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
