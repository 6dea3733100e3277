import { reportFiltersSchema, z, type ReportFilters } from '@urs/sync-protocol';
import { searchPage, searchText } from '../../lib/search-params.js';
import { FILTER_KEYS, withoutFilter, type ReportListState } from './report-list-logic.js';

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
    page: searchPage.optional(),
    order: z.enum(['asc', 'desc']).optional().catch(undefined),
  })
  .transform(({ page = 1, order = 'desc', ...given }): ReportListState => {
    let filters: ReportFilters = {};
    for (const key of FILTER_KEYS) {
      if (given[key] !== undefined) filters = { ...filters, [key]: given[key] };
    }
    if (!reportFiltersSchema.safeParse(filters).success) {
      filters = withoutFilter(filters, 'date_to');
    }
    return { filters, page, order };
  });

export type ReportListSearch = z.input<typeof reportListSearchSchema>;

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
