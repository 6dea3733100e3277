import { describe, expect, it } from 'vitest';
import { arrivedLate, LATE_ARRIVAL_MS } from './filing-time.js';

const FILED = '2026-11-20T00:14:00.000Z';
const after = (ms: number) => new Date(Date.parse(FILED) + ms).toISOString();

describe('arrivedLate', () => {
  it('shows only the filing time for a report synced soon after it was filed', () => {
    expect(arrivedLate({ reported_at: FILED, created_at: FILED })).toBe(false);
    expect(arrivedLate({ reported_at: FILED, created_at: after(2 * 60_000) })).toBe(false);
    expect(arrivedLate({ reported_at: FILED, created_at: after(LATE_ARRIVAL_MS - 1) })).toBe(false);
  });

  it('shows the receipt time too once the report waited noticeably, or a clock was clamped', () => {
    expect(arrivedLate({ reported_at: FILED, created_at: after(LATE_ARRIVAL_MS) })).toBe(true);
    expect(arrivedLate({ reported_at: FILED, created_at: after(3 * 86_400_000) })).toBe(true);
    expect(arrivedLate({ reported_at: after(LATE_ARRIVAL_MS), created_at: FILED })).toBe(true);
  });
});
