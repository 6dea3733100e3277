import type { UrsDatabase } from '../db/database.js';
import { rowKey, splitRowKey } from './row-key.js';

/*
 * A report leaves the device with everything that hangs on it (decision 028, "Who holds a job on
 * their phone"): when the server takes a job from this user (its pull sends the report as a
 * delete, from a `report_releases` row, and never the photos and events that go with it), or
 * deletes the report. Its photos and timeline events would otherwise stay, named by nothing
 * the screens reach, the server's copy of a job this user may no longer read.
 *
 * Unsent work keeps it: while an outbox entry of this user holds the report or one of its
 * photos or events, the report stays (its server version, none, waits in its shadow) and goes
 * when the last such entry is settled (shadows.ts, releaseRows). Every function here runs in a
 * transaction over the outbox, the shadows, the entity tables and the photos.
 */

const CHILD_ENTITIES = ['report_photos', 'report_events'] as const;

/**
 * The reports that open work of this user holds: named by a held row itself, or the report of a
 * held photo or event (read from the device's row, or from its shadow when the entry took the
 * row away, as a queued photo removal does).
 */
export async function reportsHeldBy(
  db: UrsDatabase,
  held: ReadonlySet<string>,
): Promise<Set<string>> {
  const reports = new Set<string>();
  for (const key of held) {
    const parts = splitRowKey(key);
    if (parts === null) continue;
    const [entity, id] = parts;
    if (entity === 'reports') {
      reports.add(id);
    } else if (entity === 'report_photos' || entity === 'report_events') {
      const row =
        (await db.entityTable(entity).get(id)) ?? (await db.shadows.get([entity, id]))?.row;
      if (row !== undefined && row !== null && 'report_id' in row) reports.add(row.report_id);
    }
  }
  return reports;
}

/**
 * Takes the photos and events of these reports off the device, all but those an entry still
 * holds (they go when it is settled), with the bytes of this user's photos among them that the
 * server already has: no screen can show them any more, and nothing would ever free them
 * (decision 023 frees only the bytes of photos that are on a report).
 */
export async function dropReportChildren(
  db: UrsDatabase,
  userId: string,
  reportIds: readonly string[],
  held: ReadonlySet<string>,
): Promise<void> {
  if (reportIds.length === 0) return;
  for (const entity of CHILD_ENTITIES) {
    const table = db.entityTable(entity);
    const ids = (await table.where('report_id').anyOf(reportIds).primaryKeys()).filter(
      (id) => !held.has(rowKey(entity, id)),
    );
    if (ids.length === 0) continue;
    await table.bulkDelete(ids);
    if (entity === 'report_photos') {
      const bytes = await db.photos.bulkGet(ids);
      const freed = bytes.flatMap((photo) =>
        photo !== undefined && photo.user_id === userId && photo.uploaded === 1 ? [photo.id] : [],
      );
      if (freed.length > 0) await db.photos.bulkDelete(freed);
    }
  }
}
