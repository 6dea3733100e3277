import { REQUEST_STATUSES } from '@urs/sync-protocol';
import { buildQuery } from '../../../../client/admin-kit.js';

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

/** `api/inventory/requests/export?status=&q=` for the current filters (no paging). */
export function exportPath(view: Pick<RequestsView, 'status' | 'q'>): string {
  return `api/inventory/requests/export${buildQuery({
    status: view.status === 'all' ? undefined : view.status,
    q: view.q,
  })}`;
}
