import { REQUEST_STATUSES } from '@urs/sync-protocol';
import { buildQuery } from '../../../lib/admin-kit.js';

export const STATUS_FILTERS = ['all', ...REQUEST_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const QUERY_MAX = 100;

/** Everything the requests tab keeps in the URL besides `tab=requests`. */
export interface RequestsView {
  status: StatusFilter;
  q: string;
  page: number;
  /** The request whose detail is open. */
  request: string | null;
  /** The new-request form is open. */
  creating: boolean;
}

export const DEFAULT_VIEW: RequestsView = {
  status: 'all',
  q: '',
  page: 1,
  request: null,
  creating: false,
};

/** Reads the view from a query string; a bad value (a typo in a shared link) falls back alone. */
export function viewFromSearch(search: string): RequestsView {
  const params = new URLSearchParams(search);
  const status = STATUS_FILTERS.find((known) => known === params.get('status')) ?? 'all';
  const q = (params.get('q') ?? '').slice(0, QUERY_MAX);
  const pageNumber = Number(params.get('page'));
  const page = Number.isSafeInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1;
  const request = params.get('request');
  return {
    status,
    q,
    page,
    request: request === null || request.trim() === '' ? null : request,
    creating: params.get('new') === '1',
  };
}

/** `/inventory?tab=requests&...`: always on the requests tab; defaults are left out. */
export function hrefForView(view: RequestsView): string {
  return `/inventory${buildQuery({
    tab: 'requests',
    status: view.status === 'all' ? undefined : view.status,
    q: view.q,
    page: view.page > 1 ? view.page : undefined,
    request: view.request,
    new: view.creating ? '1' : undefined,
  })}`;
}

/** `api/inventory/requests/export?status=&q=` for the current filters (no paging). */
export function exportPath(view: Pick<RequestsView, 'status' | 'q'>): string {
  return `api/inventory/requests/export${buildQuery({
    status: view.status === 'all' ? undefined : view.status,
    q: view.q,
  })}`;
}
