// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LIST_STATE,
  activeFilterCount,
  reportExportPath,
  reportListPath,
  truncate,
} from './report-list-logic.js';
import { listStateOf, reportListSearchSchema, searchOfState } from './report-list-search.js';
import { parseSearchString, stringifySearch } from '../../../lib/search-params.js';
import type { ReportListState } from './report-list-logic.js';

/** The list state the router gives the screen for a query string. */
const stateFromSearch = (search: string) =>
  listStateOf(parseSearchString(reportListSearchSchema, search));
/** The query string the screen's navigation writes for a state. */
const searchFromState = (state: ReportListState) => stringifySearch(searchOfState(state));

describe('report list URL ⇄ filters', () => {
  it('reads an empty query as the defaults', () => {
    expect(stateFromSearch('')).toEqual(EMPTY_LIST_STATE);
    expect(searchFromState(EMPTY_LIST_STATE)).toBe('');
  });

  it('round-trips every filter, the page and the order', () => {
    const state = {
      filters: {
        role: 'technician' as const,
        status: 'pending' as const,
        area_id: 'area-1',
        reporter_id: 'user-9',
        assignee_id: 'unassigned',
        priority: 'urgent' as const,
        overdue: true as const,
        date_from: '2026-01-01',
        date_to: '2026-01-31',
        q: 'lampu rusak',
      },
      page: 3,
      order: 'asc' as const,
    };
    const search = searchFromState(state);
    expect(search).toBe(
      '?role=technician&status=pending&area_id=area-1&reporter_id=user-9&assignee_id=unassigned&priority=urgent&overdue=true&date_from=2026-01-01&date_to=2026-01-31&q=lampu+rusak&page=3&order=asc',
    );
    expect(stateFromSearch(search)).toEqual(state);
  });

  it('drops only the invalid values of a hand-edited link', () => {
    const state = stateFromSearch(
      '?role=chef&status=completed&date_from=yesterday&page=-2&order=x',
    );
    expect(state).toEqual({ filters: { status: 'completed' }, page: 1, order: 'desc' });
  });

  it('drops a date range end that comes before its start', () => {
    expect(stateFromSearch('?date_from=2026-02-10&date_to=2026-02-01').filters).toEqual({
      date_from: '2026-02-10',
    });
  });

  it('ignores blank values and trims the text search', () => {
    const state = stateFromSearch('?q=%20%20kantin%20&status=&role=');
    expect(state.filters).toEqual({ q: 'kantin' });
    expect(activeFilterCount(state.filters)).toBe(1);
  });

  it('accepts the form draft (plain strings) as well', () => {
    expect(
      listStateOf(reportListSearchSchema.parse({ status: 'in_progress', q: '' })).filters,
    ).toEqual({
      status: 'in_progress',
    });
  });
});

describe('API paths', () => {
  it('asks for one page of 15, sorted by created', () => {
    expect(reportListPath({ filters: { status: 'pending' }, page: 2, order: 'desc' })).toBe(
      'api/reports?status=pending&page=2&per_page=15&sort=reported_at&order=desc',
    );
  });

  it('builds the export URL from the scope and the active filters, without paging', () => {
    expect(reportExportPath('this_week', { role: 'custodian', reporter_id: 'u1', q: 'wc' })).toBe(
      'api/reports/export?scope=this_week&role=custodian&reporter_id=u1&q=wc',
    );
    expect(reportExportPath('all', {})).toBe('api/reports/export?scope=all');
    expect(reportExportPath('all', { assignee_id: 'u2', priority: 'high', overdue: true })).toBe(
      'api/reports/export?scope=all&assignee_id=u2&priority=high&overdue=true',
    );
  });
});

describe('helpers', () => {
  it('truncates long descriptions', () => {
    expect(truncate('pendek')).toBe('pendek');
    const cut = truncate('a'.repeat(200), 10);
    expect(cut).toHaveLength(10);
    expect(cut.endsWith('…')).toBe(true);
  });
});
