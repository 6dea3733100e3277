import * as z from 'zod/mini';
import { JOB_PRIORITIES, REPORT_STATUSES, ROLES, type ReportFilters } from '@urs/sync-protocol';
import {
  lazySchema,
  type LazySchema,
  optionalParam,
  searchPage,
  searchText,
} from '../../../lib/search-params.js';
import { FILTER_KEYS, type ReportListState } from './report-list-logic.js';

/** The contract's longest text search (reportFiltersSchema's `q`). */
const MAX_QUERY_LENGTH = 200;

const blankIsNone = (text: string) => (text === '' ? undefined : text);

/**
 * One filter of the URL, checked with the contract's rule for it (reportFiltersSchema, which
 * the API applies; report-list-search.test.ts holds the two to the same answers); a blank
 * value is no filter, and a bad one drops only itself.
 */
const filterParam = <T extends z.ZodMiniType<unknown, string>>(rule: T) =>
  optionalParam(z.pipe(z.pipe(searchText(), z.transform(blankIsNone)), z.optional(rule)));

/**
 * The admin report list's URL: the contract's report filters, the page and the order. A date
 * range that runs backwards drops its end.
 */
const buildReportListSearch = () =>
  z.pipe(
    z.object({
      role: filterParam(z.enum(ROLES)),
      status: filterParam(z.enum(REPORT_STATUSES)),
      area_id: filterParam(z.string()),
      reporter_id: filterParam(z.string()),
      /** A user's id, or `unassigned` (the contract's UNASSIGNED). */
      assignee_id: filterParam(z.string()),
      priority: filterParam(z.enum(JOB_PRIORITIES)),
      /** On as `overdue=true`; anything else is no filter. */
      overdue: filterParam(
        z.pipe(
          z.literal('true'),
          z.transform((): true => true),
        ),
      ),
      date_from: filterParam(z.iso.date()),
      date_to: filterParam(z.iso.date()),
      q: filterParam(z.string().check(z.trim(), z.maxLength(MAX_QUERY_LENGTH))),
      page: searchPage(),
      order: optionalParam(z.enum(['asc', 'desc'])),
    }),
    z.transform((search) =>
      search.date_from !== undefined &&
      search.date_to !== undefined &&
      search.date_to < search.date_from
        ? { ...search, date_to: undefined }
        : search,
    ),
  );
type ReportListSchema = ReturnType<typeof buildReportListSearch>;

export const reportListSearchSchema: LazySchema<ReportListSchema> =
  lazySchema(buildReportListSearch);

export type ReportListSearch = z.input<ReportListSchema>;

/** The list state of a checked URL, its defaults filled in. */
export function listStateOf(search: z.output<ReportListSchema>): ReportListState {
  let filters: ReportFilters = {};
  for (const key of FILTER_KEYS) {
    if (search[key] !== undefined) filters = { ...filters, [key]: search[key] };
  }
  return { filters, page: search.page ?? 1, order: search.order ?? 'desc' };
}

/** The URL search of a list state, in a fixed order; defaults are left out. */
export function searchOfState(state: ReportListState): ReportListSearch {
  const search: ReportListSearch = {};
  for (const key of FILTER_KEYS) search[key] = state.filters[key];
  return {
    ...search,
    page: state.page > 1 ? state.page : undefined,
    order: state.order === 'asc' ? 'asc' : undefined,
  };
}
