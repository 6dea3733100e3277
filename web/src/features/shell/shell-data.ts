import { mutationParent, type SyncedEntity } from '@urs/sync-protocol';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxEntry, type UrsDatabase } from '../../db/index.js';
import { claimLocalData, dataOwner, discardRejectedEntries, namesOf } from '../../sync/index.js';
import type { RefusedLookups } from './refused-items.js';

/** The shell's reads and writes of the device's database. */
export type { OutboxEntry, UrsDatabase as DeviceDatabase };

/** The device's rows that name each refused record, read live by id. */
export function useRefusedLookups(rejected: readonly OutboxEntry[], unknownArea: string) {
  const ids = rejected.map((entry) => entry.entity_id);
  const key = rejected.map((entry) => `${entry.id}:${entry.entity_id}`).join(',');
  return useLiveQuery(async (): Promise<RefusedLookups> => {
    const photos = (await db.report_photos.bulkGet(ids)).filter((row) => row !== undefined);
    // A photo's report and a stock change's item are named in the args (the contract's parents).
    const parentIds = (entity: SyncedEntity) =>
      rejected.flatMap((entry) => {
        const parent = mutationParent(entry.mutation.name, entry.mutation.args);
        return parent?.entity === entity ? [parent.id] : [];
      });
    const reportIds = [...ids, ...photos.map((photo) => photo.report_id), ...parentIds('reports')];
    const itemIds = [...ids, ...parentIds('inventory_items')];
    const [reports, items, requests, announcements, areas] = await Promise.all([
      db.reports.bulkGet(reportIds),
      db.inventory_items.bulkGet(itemIds),
      db.item_requests.bulkGet(ids),
      db.announcements.bulkGet(ids),
      db.areas.toArray(),
    ]);
    const requestItems = await db.inventory_items.bulkGet(
      requests.flatMap((r) => (typeof r?.item_id === 'string' ? [r.item_id] : [])),
    );
    const byId = <T extends { id: string }>(rows: readonly (T | undefined)[]) =>
      new Map(rows.filter((row) => row !== undefined).map((row) => [row.id, row]));
    // A report refused because its area was deleted meanwhile still names that area.
    const areaNames = await namesOf(
      db,
      'areas',
      reports.flatMap((report) => (report === undefined ? [] : [report.area_id])),
    );
    for (const area of areas) areaNames.set(area.id, area.name);
    return {
      reports: byId(reports),
      photos: byId(photos),
      areas: areaNames,
      items: byId([...items, ...requestItems]),
      requests: byId(requests),
      announcements: byId(announcements),
      unknownArea,
    };
  }, [key, unknownArea]);
}

/** Drops a refused record's outbox entries (the user confirmed first). */
export function discardRefused(userId: string, entryIds: readonly number[]): Promise<void> {
  return discardRejectedEntries(db, userId, entryIds);
}

/**
 * Makes the device's tables this user's: one read of the owner when they already are, else the
 * hand-over (sync/local-data-owner.ts).
 */
export async function takeLocalData(userId: string, database: UrsDatabase = db): Promise<void> {
  const owner = await dataOwner(database);
  if (owner !== userId) await claimLocalData(database, userId);
}
