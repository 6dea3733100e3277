import { describe, expect, it } from 'vitest';
import { localMetrics, newestFirst, recentAreas } from './item-detail-logic.js';
import { tx } from '../test-fixtures.js';

describe('item detail', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();

  it('totals in/out/adjustments over 90 days and finds the newest transaction', () => {
    const list = [
      tx({ id: 't1', type: 'in', quantity: 20, occurred_at: days(100) }),
      tx({ id: 't2', type: 'out', quantity: 3, occurred_at: days(10) }),
      tx({ id: 't3', type: 'in', quantity: 5, occurred_at: days(5) }),
      tx({ id: 't4', type: 'adjustment', quantity: -2, occurred_at: days(1) }),
      tx({ id: 't5', type: 'out', quantity: 1, occurred_at: 'not a date' }),
    ];
    const metrics = localMetrics(list, now);
    expect(metrics).toMatchObject({ count: 3, totalIn: 5, totalOut: 3, adjusted: -2 });
    expect(metrics.last?.id).toBe('t4');
    expect(localMetrics([], now)).toEqual({
      count: 0,
      totalIn: 0,
      totalOut: 0,
      adjusted: 0,
      last: null,
    });
  });

  it('lists areas the item went out to, most recent first', () => {
    const areas = recentAreas([
      tx({ id: '1', area_id: 'gudang', occurred_at: days(9) }),
      tx({ id: '2', area_id: 'kantin', occurred_at: days(3) }),
      tx({ id: '3', area_id: 'gudang', occurred_at: days(1) }),
      tx({ id: '4', type: 'in', area_id: 'lab', occurred_at: days(0) }),
      tx({ id: '5', area_id: null, occurred_at: days(0) }),
    ]);
    expect(areas).toEqual([
      { area_id: 'gudang', last_used_at: days(1), uses: 2 },
      { area_id: 'kantin', last_used_at: days(3), uses: 1 },
    ]);
  });

  it('orders history newest first, ties by id', () => {
    const ordered = newestFirst([
      tx({ id: 'a', occurred_at: days(2) }),
      tx({ id: 'c', occurred_at: days(1) }),
      tx({ id: 'b', occurred_at: days(1) }),
    ]);
    expect(ordered.map((t) => t.id)).toEqual(['c', 'b', 'a']);
  });
});
