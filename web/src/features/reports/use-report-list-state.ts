import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReportListState } from './report-list-logic.js';
import { searchOfState } from './report-list-search.js';

const route = getRouteApi('/_shell/reports');

/** The list state the URL holds (parsed by the route), and a setter that navigates to a new one. */
export function useReportListState(): [ReportListState, (next: ReportListState) => void] {
  const navigate = useNavigate();
  const state = route.useSearch();
  const set = (next: ReportListState) => {
    void navigate({ to: '/reports', search: searchOfState(next) });
  };
  return [state, set];
}
