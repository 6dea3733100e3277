import { EXPORT_SCOPES, type ReportFilters, type ReportListRow } from '@urs/sync-protocol';
import { buildQuery } from '../../../client/admin-kit.js';
import { field, stringField } from '../../../lib/json-fields.js';

export const REPORT_LIST_PER_PAGE = 15;
export type SortOrder = 'asc' | 'desc';
export type ExportScope = (typeof EXPORT_SCOPES)[number];
export { EXPORT_SCOPES };

/** Everything the admin report list keeps in its URL search params. */
export interface ReportListState {
  filters: ReportFilters;
  page: number;
  order: SortOrder;
}

export const FILTER_KEYS = [
  'role',
  'status',
  'area_id',
  'reporter_id',
  'assignee_id',
  'priority',
  'overdue',
  'date_from',
  'date_to',
  'q',
] as const satisfies readonly (keyof ReportFilters)[];

export const EMPTY_LIST_STATE: ReportListState = { filters: {}, page: 1, order: 'desc' };

/** Whether a from/to pair of ISO dates ('' = open end) runs backwards. */
export function isBackwardRange(from: string, to: string): boolean {
  return from !== '' && to !== '' && to < from;
}

/** A copy of the filters without one of them. */
export function withoutFilter(filters: ReportFilters, key: keyof ReportFilters): ReportFilters {
  const copy = { ...filters };
  delete copy[key];
  return copy;
}

/** The filters as query params in a fixed order, blanks left out. */
function filterParams(filters: ReportFilters): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    // `overdue` is the one flag: `overdue=true`, as the contract reads it.
    params[key] = value === undefined ? undefined : String(value);
  }
  return params;
}

/** `api/reports?...` for one page of the list. */
export function reportListPath(state: ReportListState, perPage = REPORT_LIST_PER_PAGE): string {
  return `api/reports${buildQuery({
    ...filterParams(state.filters),
    page: state.page,
    per_page: perPage,
    sort: 'reported_at',
    order: state.order,
  })}`;
}

/** `api/reports/export?scope=...&<active filters>` (no paging: the export has every match). */
export function reportExportPath(scope: ExportScope, filters: ReportFilters): string {
  return `api/reports/export${buildQuery({ scope, ...filterParams(filters) })}`;
}

/** `api/reports/by-role?role=...` for the role explorer. */
export function byRolePath(role: string): string {
  return `api/reports/by-role${buildQuery({ role })}`;
}

/** A long description cut for the table. */
export function truncate(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** How many filters are active (for the reset button and the chips). */
export function activeFilterCount(filters: ReportFilters): number {
  return FILTER_KEYS.filter((key) => filters[key] !== undefined).length;
}

/** Parses a list row loosely: the envelope is checked by parsePaged, the row kept as sent. */
export function isReportListRow(value: unknown): value is ReportListRow {
  const reporter = field(value, 'reporter');
  const area = field(value, 'area');
  return (
    stringField(value, 'id') !== undefined &&
    typeof reporter === 'object' &&
    reporter !== null &&
    typeof area === 'object' &&
    area !== null
  );
}
