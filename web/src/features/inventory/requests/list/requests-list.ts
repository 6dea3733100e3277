import { type ItemRequest } from '@urs/sync-protocol';
import { type ItemChoice } from '../form/request-form-logic.js';
import { type RequestsView } from './requests-search.js';

export const REQUESTS_PAGE_SIZE = 10;

/** One request with the names the list shows, joined from the device's tables. */
export interface RequestEntry {
  request: ItemRequest;
  /** The stock item's name, or the custom name; null when the stock item is not on the device. */
  itemName: string | null;
  unit: string | null;
  requesterName: string | null;
  approverName: string | null;
}

export function itemNameOf(
  request: Pick<ItemRequest, 'type' | 'item_id' | 'custom_name'>,
  items: ReadonlyMap<string, Pick<ItemChoice, 'name'>>,
): string | null {
  if (request.type === 'custom') return request.custom_name;
  return request.item_id === null ? null : (items.get(request.item_id)?.name ?? null);
}

/** "3 pcs"; the bare number when the stock item, and so its unit, is not on the device. */
export const quantityText = ({ request, unit }: Pick<RequestEntry, 'request' | 'unit'>) =>
  unit === null ? String(request.quantity) : `${request.quantity} ${unit}`;

/** A person's name as the device knows it; the signed-in user's own even before it syncs. */
export function personName(
  id: string | null,
  known: string | null,
  self: { id: string; name: string },
  unknown: string,
): string {
  return known ?? (id !== null && id === self.id ? self.name : unknown);
}

const fold = (text: string) => text.normalize('NFKD').toLowerCase().replace(/\s+/g, ' ').trim();

/** Search by request number or item name, case- and spacing-insensitive. */
export function matchesQuery(
  entry: Pick<RequestEntry, 'request' | 'itemName'>,
  q: string,
): boolean {
  const needle = fold(q);
  if (needle === '') return true;
  const number = entry.request.number;
  return (
    (number !== null && fold(number).includes(needle)) ||
    (entry.itemName !== null && fold(entry.itemName).includes(needle))
  );
}

/** Newest first; ties (same instant) by id, which is UUIDv7 and so also time-ordered. */
export function newestFirst(a: Pick<ItemRequest, 'created_at' | 'id'>, b: typeof a): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export function selectRequests<T extends Pick<RequestEntry, 'request' | 'itemName'>>(
  entries: readonly T[],
  filter: Pick<RequestsView, 'status' | 'q'>,
): T[] {
  return entries
    .filter((entry) => filter.status === 'all' || entry.request.status === filter.status)
    .filter((entry) => matchesQuery(entry, filter.q))
    .sort((a, b) => newestFirst(a.request, b.request));
}
