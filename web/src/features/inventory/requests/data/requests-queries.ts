import { useLiveQuery } from 'dexie-react-hooks';
import type { ItemRequest } from '@urs/sync-protocol';
import { useEffect, useState } from 'react';
import { namesOf, openEntriesFor } from '../../../../sync/index.js';
import { db } from '../../../../db/index.js';
import { fetchRequestImage } from './requests-api.js';
import { type ItemChoice } from '../form/request-form-logic.js';
import { syncMarks, type RequestSyncMark } from './request-sync-marks.js';
import { itemNameOf, type RequestEntry } from '../list/requests-list.js';

export interface PickerItem extends ItemChoice {
  sku: string | null;
  stock: number;
  trackable: boolean;
}

export interface RequestsData {
  entries: RequestEntry[];
  /** Every item on the device, by name; the form offers the active ones. */
  items: PickerItem[];
}

/**
 * The device's requests (pull gives staff their own, admins all), joined with item and user
 * names; live, so a pull, a sync or a local write shows at once.
 */
export function useRequestsData(): RequestsData | undefined {
  return useLiveQuery(async () => {
    const [requests, items] = await Promise.all([
      db.item_requests.toArray(),
      db.inventory_items.toArray(),
    ]);
    const itemsById = new Map(items.map((item) => [item.id, item]));
    const userIds = [
      ...new Set(
        requests.flatMap((r) =>
          r.approver_id === null ? [r.requester_id] : [r.requester_id, r.approver_id],
        ),
      ),
    ];
    const names = await namesOf(db, 'users', userIds);
    // A request for an item deleted since still names it (the item is no choice any more).
    const gone = await namesOf(
      db,
      'inventory_items',
      requests.flatMap((r) => (r.item_id !== null && !itemsById.has(r.item_id) ? [r.item_id] : [])),
    );
    const itemNames = new Map<string, { name: string }>(itemsById);
    for (const [id, name] of gone) itemNames.set(id, { name });
    const entries = requests.map((request): RequestEntry => ({
      request,
      itemName: itemNameOf(request, itemNames),
      unit:
        request.type === 'stock' && request.item_id !== null
          ? (itemsById.get(request.item_id)?.unit ?? null)
          : null,
      requesterName: names.get(request.requester_id) ?? null,
      approverName: request.approver_id === null ? null : (names.get(request.approver_id) ?? null),
    }));
    const picker = items
      .map(({ id, name, unit, active, sku, stock, trackable }): PickerItem => ({
        id,
        name,
        unit,
        active,
        sku,
        stock,
        trackable,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'id'));
    return { entries, items: picker };
  });
}

const EMPTY_MARKS = new Map<string, RequestSyncMark>();

/** This user's outbox entries that touch item requests, by request id (live). */
export function useRequestSyncMarks(userId: string | null): Map<string, RequestSyncMark> {
  return (
    useLiveQuery(async () => {
      if (userId === null) return EMPTY_MARKS;
      const entries = await openEntriesFor(db, userId)
        .filter((entry) => entry.entity === 'item_requests')
        .toArray();
      return syncMarks(entries);
    }, [userId]) ?? EMPTY_MARKS
  );
}

export type RequestImageState =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'ready'; url: string }
  | { state: 'offline' }
  | { state: 'unavailable' };

/**
 * The reference image of a custom request as an object URL: the device's own copy (by hash)
 * when it has one — always so for the requester's device until the data is cleared — else the
 * server's (when online and the server knows the request). Revoked on change and unmount.
 */
export function useRequestImage(
  request: Pick<ItemRequest, 'id' | 'image_sha256' | 'number'> | null,
  online: boolean,
): RequestImageState {
  const [result, setResult] = useState<RequestImageState>({ state: 'loading' });
  const id = request?.id ?? null;
  const sha256 = request?.image_sha256 ?? null;
  const known = request?.number !== null && request?.number !== undefined;
  useEffect(() => {
    if (id === null || sha256 === null) {
      setResult({ state: 'none' });
      return;
    }
    let url: string | null = null;
    let cancelled = false;
    setResult({ state: 'loading' });
    const load = async (): Promise<RequestImageState> => {
      const local = await db.photos.where('sha256').equals(sha256).first();
      if (local !== undefined) {
        url = URL.createObjectURL(new Blob([local.bytes], { type: local.mime_type }));
        return { state: 'ready', url };
      }
      if (!online) return { state: 'offline' };
      if (!known) return { state: 'unavailable' };
      const blob = await fetchRequestImage(id);
      url = URL.createObjectURL(blob);
      return { state: 'ready', url };
    };
    load()
      .then((state) => {
        if (!cancelled) setResult(state);
        else if (state.state === 'ready') URL.revokeObjectURL(state.url);
      })
      .catch(() => {
        if (!cancelled) setResult(online ? { state: 'unavailable' } : { state: 'offline' });
      });
    return () => {
      cancelled = true;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [id, sha256, known, online]);
  return result;
}
