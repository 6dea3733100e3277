import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReportListState } from './report-list-logic.js';
import { listStateOf, searchOfState } from './report-list-search.js';
import { useMemo } from 'react';

const route = getRouteApi('/_shell/reports');

/** The list state the URL holds (parsed by the route), and a setter that navigates to a new one. */
export function useReportListState(): [ReportListState, (next: ReportListState) => void] {
  const navigate = useNavigate();
  const search = route.useSearch();
  const state = useMemo(() => listStateOf(search), [search]);
  const set = (next: ReportListState) => {
    void navigate({ to: '/reports', search: searchOfState(next) });
  };
  return [state, set];
}
