import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff.js';

describe('backoffDelay', () => {
  it('doubles its range with every failure, from 2 s up to the 5 min cap', () => {
    const low = [1, 2, 3, 4, 5].map((n) => backoffDelay(n, () => 0));
    const high = [1, 2, 3, 4, 5].map((n) => backoffDelay(n, () => 1));
    expect(high).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(low).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(backoffDelay(50, () => 1)).toBe(DEFAULT_BACKOFF.capMs);
    expect(backoffDelay(50, () => 0)).toBe(DEFAULT_BACKOFF.capMs / 2);
  });

  it('is jittered: the same failure count gives different delays for different random draws', () => {
    const delays = new Set([0.1, 0.3, 0.6, 0.9].map((r) => backoffDelay(4, () => r)));
    expect(delays.size).toBe(4);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(8_000);
      expect(delay).toBeLessThanOrEqual(16_000);
    }
  });

  it('stays in range when the random source misbehaves', () => {
    expect(backoffDelay(1, () => 7)).toBe(2_000);
    expect(backoffDelay(1, () => -3)).toBe(1_000);
    expect(backoffDelay(0, () => 1)).toBe(2_000);
  });
});
