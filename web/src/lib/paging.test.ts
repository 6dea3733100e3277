import { describe, expect, it } from 'vitest';
import { pageOf } from './paging.js';

describe('pageOf', () => {
  it('cuts the asked page and clamps one out of range', () => {
    const list = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(list, 3, 10)).toEqual({ rows: [20, 21, 22], page: 3, pages: 3, total: 23 });
    expect(pageOf(list, 9, 10).page).toBe(3);
    expect(pageOf(list, 0, 10).rows).toEqual(list.slice(0, 10));
    expect(pageOf(list, Number.NaN, 10).page).toBe(1);
    expect(pageOf(list, 2.7, 10).page).toBe(2);
  });

  it('gives an empty list its one empty page', () => {
    expect(pageOf([], 4, 10)).toEqual({ rows: [], page: 1, pages: 1, total: 0 });
  });
});
