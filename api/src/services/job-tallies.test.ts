import { describe, expect, it } from 'vitest';
import { completionBucket, histogramMedian } from './job-tallies.js';
import { random } from '../test/random.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What the screen shows of a duration (web analytics-duration.ts): its units, not its text. */
function shown(ms: number): [number, number] {
  const whole = Math.max(0, Math.round(ms / MINUTE)) * MINUTE;
  if (whole >= DAY) return [Math.floor(whole / DAY), Math.floor((whole % DAY) / HOUR) + 100];
  return [Math.floor(whole / HOUR), (whole % HOUR) / MINUTE];
}

describe('the time-to-complete buckets', () => {
  it('show every duration of a bucket as the screen shows the bucket', () => {
    const next = random(36);
    const edges = [0, 29_999, 30_000, HOUR - 30_001, DAY - 30_001, DAY - 30_000, DAY + HOUR - 1];
    const samples = [...edges, ...Array.from({ length: 20_000 }, () => next() * 40 * DAY)];
    for (const ms of [...samples, -5 * MINUTE]) {
      const bucket = completionBucket(ms);
      expect(shown(bucket * MINUTE), String(ms)).toEqual(shown(ms));
      // Never further than half a minute below a day, never out of the hour above.
      if (bucket < 1440)
        expect(Math.abs(bucket * MINUTE - Math.max(0, ms))).toBeLessThanOrEqual(30_000);
    }
    expect(completionBucket(DAY + 59 * MINUTE + 29_999)).toBe(1440);
    expect(completionBucket(DAY + 59 * MINUTE + 30_000)).toBe(1500);
  });

  it('give the median of an odd count as the screen shows the exact one', () => {
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const count = 1 + 2 * Math.floor(next() * 20);
      const values = Array.from({ length: count }, () => next() * 5 * DAY);
      const sorted = [...values].sort((a, b) => a - b);
      const exact = sorted[(count - 1) / 2] ?? 0;
      const buckets = new Map<number, number>();
      for (const ms of values) {
        const b = completionBucket(ms);
        buckets.set(b, (buckets.get(b) ?? 0) + 1);
      }
      expect(shown(histogramMedian(buckets) ?? -1)).toEqual(shown(exact));
    }
    expect(histogramMedian(new Map())).toBeNull();
    expect(
      histogramMedian(
        new Map([
          [10, 1],
          [20, 1],
        ]),
      ),
    ).toBe(15 * MINUTE);
    expect(
      histogramMedian(
        new Map([
          [10, 2],
          [20, 0],
          [30, 1],
        ]),
      ),
    ).toBe(10 * MINUTE);
  });
});
