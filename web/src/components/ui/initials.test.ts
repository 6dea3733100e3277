import { describe, expect, it } from 'vitest';
import { initials } from './initials.js';

describe('initials', () => {
  it('takes the first letters of the first and last word, at most two', () => {
    expect(initials('Siti Aminah')).toBe('SA');
    expect(initials('Budi Santoso Wijaya')).toBe('BW');
    expect(initials('  admin  ')).toBe('A');
    expect(initials('élise ñoño')).toBe('ÉÑ');
    expect(initials('')).toBe('?');
  });
});
