import { describe, expect, it } from 'vitest';
import { exportPath } from './requests-search.js';
import { viewFromSearch, hrefForView } from '../test-fixtures.js';

describe('URL state', () => {
  it('reads status, search, page, the open request and the form flag; bad values fall back', () => {
    expect(
      viewFromSearch('?tab=requests&status=approved&q=kertas&page=3&request=r1&new=1'),
    ).toEqual({ status: 'approved', q: 'kertas', page: 3, request: 'r1', creating: true });
    expect(viewFromSearch('?tab=requests&status=done&page=-2&request=')).toEqual({
      status: 'all',
      q: '',
      page: 1,
      request: null,
      creating: false,
    });
  });

  it('always writes tab=requests and leaves defaults out; round-trips', () => {
    expect(hrefForView({ status: 'all', q: '  ', page: 1, request: null, creating: false })).toBe(
      '/inventory?tab=requests',
    );
    const view = {
      status: 'pending' as const,
      q: 'REQ-2026',
      page: 2,
      request: 'abc',
      creating: false,
    };
    const href = hrefForView(view);
    expect(href).toBe('/inventory?tab=requests&status=pending&q=REQ-2026&page=2&request=abc');
    expect(viewFromSearch(href.slice(href.indexOf('?')))).toEqual(view);
  });

  it('the export path carries the filters, not the paging', () => {
    expect(exportPath({ status: 'all', q: '' })).toBe('api/inventory/requests/export');
    expect(exportPath({ status: 'rejected', q: 'kursi lipat' })).toBe(
      'api/inventory/requests/export?status=rejected&q=kursi+lipat',
    );
  });
});
