import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { itemNameOf, matchesQuery, selectRequests, REQUESTS_PAGE_SIZE } from './requests-list.js';
import { pageOf } from '../../../../lib/paging.js';
import { items, request } from '../test-fixtures.js';

describe('list: names, search, filter, order, paging', () => {
  const older = request({ number: 'REQ-2026-000001', created_at: '2026-11-01T00:00:00.000Z' });
  const newer = request({
    number: 'REQ-2026-000002',
    status: 'approved',
    created_at: '2026-11-10T00:00:00.000Z',
  });
  const local = request({
    number: null,
    type: 'custom',
    item_id: null,
    custom_name: 'Kursi Lipat',
    created_at: '2026-11-22T00:00:00.000Z',
  });
  const entries = [older, local, newer].map((r) => ({
    request: r,
    itemName: itemNameOf(r, items),
  }));

  it('the item name is the stock item’s, or the custom name; unknown stock items have none', () => {
    expect(itemNameOf(older, items)).toBe('Kertas HVS A4');
    expect(itemNameOf(local, items)).toBe('Kursi Lipat');
    expect(itemNameOf(request({ item_id: newId() }), items)).toBeNull();
  });

  it('newest first; the status filter keeps only that status', () => {
    expect(selectRequests(entries, { status: 'all', q: '' }).map((e) => e.request)).toEqual([
      local,
      newer,
      older,
    ]);
    expect(selectRequests(entries, { status: 'approved', q: '' }).map((e) => e.request)).toEqual([
      newer,
    ]);
    expect(selectRequests(entries, { status: 'rejected', q: '' })).toEqual([]);
  });

  it('search matches the number or the item name, ignoring case and spacing', () => {
    expect(matchesQuery(entries[0]!, 'req-2026-000001')).toBe(true);
    expect(matchesQuery(entries[1]!, '  kursi   lipat ')).toBe(true);
    expect(matchesQuery(entries[1]!, 'REQ')).toBe(false);
    expect(selectRequests(entries, { status: 'all', q: 'hvs' }).map((e) => e.request)).toEqual([
      newer,
      older,
    ]);
    expect(selectRequests(entries, { status: 'pending', q: '000002' })).toEqual([]);
  });

  it('pages clamp to what exists', () => {
    const list = Array.from({ length: 23 }, (_, i) => i);
    const page = (list: readonly number[], n: number) => pageOf(list, n, REQUESTS_PAGE_SIZE);
    expect(page(list, 3)).toEqual({ rows: [20, 21, 22], page: 3, pages: 3, total: 23 });
    expect(page(list, 9).page).toBe(3);
    expect(page(list, 0).rows).toEqual(list.slice(0, 10));
    expect(page([], 4)).toEqual({ rows: [], page: 1, pages: 1, total: 0 });
  });
});
