import { type ItemRequest } from '@urs/sync-protocol';
import { describe, expect, it } from 'vitest';
import { dailyAverageText, requestActivity } from './request-analytics-data.js';
import { type RequestEntry } from '../list/requests-list.js';
import { NOW, request } from '../test-fixtures.js';

const entry = (overrides: Partial<ItemRequest>): RequestEntry => ({
  request: request({ quantity: 1, created_at: NOW.toISOString(), ...overrides }),
  itemName: overrides.custom_name ?? 'Lakban',
  unit: overrides.type === 'custom' ? null : 'roll',
  requesterName: null,
  approverName: null,
});

describe('requestActivity', () => {
  it('has no approval rate while nothing is decided, and names the item’s own unit', () => {
    const activity = requestActivity([entry({ quantity: 48 })], NOW);
    expect(activity.total).toBe(1);
    expect(activity.approvalRate).toBeNull();
    expect(activity.mostRequested).toEqual([
      { name: 'Lakban', unit: 'roll', requests: 1, quantity: 48 },
    ]);
  });

  it('counts the last 30 days only, rates approved of decided, groups custom names up to case', () => {
    const old = new Date(NOW.getTime() - 40 * 86_400_000).toISOString();
    const activity = requestActivity(
      [
        entry({ status: 'approved' }),
        entry({ status: 'approved' }),
        entry({ status: 'rejected' }),
        entry({ status: 'rejected', created_at: old }),
        entry({ type: 'custom', item_id: null, custom_name: 'Kursi lipat', quantity: 2 }),
        entry({ type: 'custom', item_id: null, custom_name: 'kursi LIPAT', quantity: 3 }),
      ],
      NOW,
    );
    expect(activity.total).toBe(5);
    expect(activity.approvalRate).toBeCloseTo(66.67, 1);
    expect(activity.mostRequested.map((m) => [m.requests, m.quantity, m.unit])).toEqual([
      [3, 3, 'roll'],
      [2, 5, null],
    ]);
  });
});

describe('dailyAverageText', () => {
  it('shows one decimal, and "<0,1" rather than 0 for a few requests a month', () => {
    expect(dailyAverageText(1 / 30, 'id')).toBe('<0,1');
    expect(dailyAverageText(1 / 30, 'en')).toBe('<0.1');
    expect(dailyAverageText(0, 'id')).toBe('0');
    expect(dailyAverageText(40 / 30, 'id')).toBe('1,3');
  });
});
