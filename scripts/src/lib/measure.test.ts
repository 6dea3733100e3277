import { describe, expect, it } from 'vitest';
import { median, quantile } from './measure.js';

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => n - i);

describe('quantile', () => {
  it('is the value that the share asked for do not exceed', () => {
    expect(quantile(oneTo(10), 0.9)).toBe(9);
    expect(quantile(oneTo(15), 0.9)).toBe(14);
    expect(quantile(oneTo(30), 0.9)).toBe(27);
    expect(quantile(oneTo(10), 1)).toBe(10);
  });

  it('answers with the one value there is, and 0 for none', () => {
    expect(quantile([7], 0.9)).toBe(7);
    expect(quantile([], 0.9)).toBe(0);
  });

  it('agrees with the median at one half for an odd count', () => {
    expect(quantile(oneTo(15), 0.5)).toBe(median(oneTo(15)));
  });
});
