import { describe, expect, it } from 'vitest';
import { parseAnalytics } from './request-analytics-data.js';
import { UnexpectedResponseError } from '../../../lib/api-client.js';
import { ITEM } from './test-fixtures.js';

describe('analytics', () => {
  it('parses the analytics answer and refuses a broken one', () => {
    const data = {
      from: '2026-10-25',
      to: '2026-11-23',
      total: 12,
      daily_average: 0.4,
      approved: 6,
      rejected: 2,
      pending: 4,
      approval_rate: 75,
      most_requested: [{ name: 'Kertas HVS A4', item_id: ITEM, requests: 5, quantity: 20 }],
    };
    expect(parseAnalytics({ data })).toEqual(data);
    expect(() => parseAnalytics({ data: { ...data, approval_rate: '75' } })).toThrow(
      UnexpectedResponseError,
    );
    expect(() => parseAnalytics(null)).toThrow(UnexpectedResponseError);
  });
});
