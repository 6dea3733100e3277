import { newId, type ItemRequest } from '@urs/sync-protocol';
import { initI18n } from '../../../lib/i18n.js';
import { problemTextKey, problemTitleKey } from './requests-i18n.js';
import {
  EMPTY_REQUEST_FORM,
  type ItemChoice,
  type ProblemCode,
  type RequestFormValues,
} from './form/request-form-logic.js';
import { type RequestsView } from './list/requests-search.js';
import { parseSearchString, stringifySearch } from '../../../lib/search-params.js';
import { inventorySearchSchema, requestsSearch, requestsViewOf } from '../inventory-search.js';

/* Builders shared by the tests of this folder (never imported by the app). */

/** The requests tab's view the router gives for a query string. */
export const viewFromSearch = (search: string) =>
  requestsViewOf(parseSearchString(inventorySearchSchema, search));
/** The href the tab's navigation writes for a view. */
export const hrefForView = (view: RequestsView) =>
  `/inventory${stringifySearch(requestsSearch(view))}`;

export const i18n = initI18n('id');
export const ITEM = newId();
export const OLD_ITEM = newId();
export const items = new Map<string, ItemChoice>([
  [ITEM, { id: ITEM, name: 'Kertas HVS A4', unit: 'rim', active: true }],
  [OLD_ITEM, { id: OLD_ITEM, name: 'Tinta printer lama', unit: 'botol', active: false }],
]);
export const JPEG_OK = { size: 200_000, type: 'image/jpeg' as const };
export const NOW = new Date('2026-11-23T08:00:00.000Z');

export const form = (values: Partial<RequestFormValues>): RequestFormValues => ({
  ...EMPTY_REQUEST_FORM,
  ...values,
});

/** The Indonesian title and text the form and toast show for a problem. */
export const pair = (code: ProblemCode) => ({
  title: i18n.t(problemTitleKey(code), { lng: 'id' }),
  text: i18n.t(problemTextKey(code), { lng: 'id' }),
});

export function request(overrides: Partial<ItemRequest> = {}): ItemRequest {
  return {
    id: newId(),
    number: 'REQ-2026-000001',
    type: 'stock',
    item_id: ITEM,
    custom_name: null,
    store_link: null,
    image_sha256: null,
    quantity: 2,
    needed_date: null,
    notes: null,
    requester_id: 'staff-1',
    approver_id: null,
    approver_notes: null,
    status: 'pending',
    decided_at: null,
    created_at: '2026-11-20T02:00:00.000Z',
    updated_at: '2026-11-20T02:00:00.000Z',
    ...overrides,
  };
}
