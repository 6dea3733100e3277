import { reportFiltersSchema, z, type ReportFilters } from '@urs/sync-protocol';
import { searchPage, searchText } from '../../lib/search-params.js';
import { FILTER_KEYS, type ReportListState } from './report-list-logic.js';

const filter = reportFiltersSchema.shape;
/** One filter of the URL, checked with the contract's rule; a bad value drops only itself. */
const lenient = <T extends z.ZodType>(rule: T) =>
  z
    .preprocess((value) => searchText.safeParse(value).data, rule)
    .optional()
    .catch(undefined);

/**
 * The admin report list's URL: the contract's report filters, the page and the order. A date
 * range that runs backwards drops its end.
 */
export const reportListSearchSchema = z
  .object({
    role: lenient(filter.role),
    status: lenient(filter.status),
    area_id: lenient(filter.area_id),
    reporter_id: lenient(filter.reporter_id),
    date_from: lenient(filter.date_from),
    date_to: lenient(filter.date_to),
    q: lenient(filter.q),
    page: searchPage,
    order: z.enum(['asc', 'desc']).optional().catch(undefined),
  })
  .transform((search) =>
    search.date_from !== undefined &&
    search.date_to !== undefined &&
    search.date_to < search.date_from
      ? { ...search, date_to: undefined }
      : search,
  );

export type ReportListSearch = z.input<typeof reportListSearchSchema>;

/** The list state of a checked URL, its defaults filled in. */
export function listStateOf(search: z.output<typeof reportListSearchSchema>): ReportListState {
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
