import type { UrsDatabase } from '../db/database.js';
import { rowKey, splitRowKey } from './row-key.js';
import { dataOwner, heldRowKeys } from './local-data-owner.js';
import { dropReportChildren, reportsHeldBy } from './report-release.js';

/*
 * "Pending local mutations win": a row touched by an unconfirmed outbox entry shows the local
 * (optimistic) version, and pulled server versions of it go to `shadows` instead of the live
 * table. The shadow is the server's latest word on the row, so when the local change goes away
 * without the server adopting it (discarded after a rejection, or a retry answered `duplicate`
 * whose original answer was lost), the row can be put back without a refetch.
 *
 * Every function here must run inside a transaction that includes outbox, shadows, photos and
 * the entity tables, because "is any entry still touching this row?" and "restore it" must
 * agree (and a report that leaves takes its photos' bytes along: report-release.ts).
 */

export { rowKey, type RowKey } from './row-key.js';

/**
 * Before a local write overrides a row, remember the server's version of it (once). Read and
 * written in bulk: a run of queued mutations (all announcements marked read) snapshots its
 * rows in a few requests instead of three per row.
 */
export async function snapshotRows(db: UrsDatabase, keys: readonly string[]): Promise<void> {
  const rows = [...new Set(keys)].map((key) => splitRowKey(key)).filter((parts) => parts !== null);
  if (rows.length === 0) return;
  // An existing shadow already holds the server's version; the live row may be optimistic.
  const shadows = await db.shadows.bulkGet(rows);
  const missing = rows.filter((_, index) => shadows[index] === undefined);
  const byEntity = new Map<(typeof missing)[number][0], string[]>();
  for (const [entity, id] of missing) {
    const ids = byEntity.get(entity) ?? [];
    byEntity.set(entity, ids);
    ids.push(id);
  }
  for (const [entity, ids] of byEntity) {
    const live = await db.entityTable(entity).bulkGet(ids);
    await db.shadows.bulkPut(ids.map((id, index) => ({ entity, id, row: live[index] ?? null })));
  }
}

/**
 * Puts the server's version back for each given row that no outbox entry of this user still
 * touches. Rows still touched stay optimistic.
 */
export async function releaseRows(
  db: UrsDatabase,
  userId: string,
  keys: Iterable<string>,
): Promise<void> {
  const held = await heldRowKeys(db, userId);
  let keptReports: Set<string> | undefined;
  for (const key of keys) {
    if (held.has(key)) continue;
    const parts = splitRowKey(key);
    if (parts === null) continue;
    const shadow = await db.shadows.get(parts);
    if (shadow === undefined) continue;
    if (shadow.row === null && shadow.entity === 'reports') {
      // A report the server no longer has for this user stays while unsent work holds any of
      // its photos or events, and leaves with all of them once none does (report-release.ts).
      keptReports ??= await reportsHeldBy(db, held);
      if (keptReports.has(shadow.id)) continue;
      await dropReportChildren(db, userId, [shadow.id], held);
    }
    if (shadow.row === null) await db.entityTable(shadow.entity).delete(shadow.id);
    else await db.entityTable(shadow.entity).put(shadow.row);
    await db.shadows.delete(parts);
  }
}

/**
 * After a complete pull: a shadow whose entries are all settled and which the pull did not
 * replace means the server's row did not change, so the shadow is the truth.
 */
export async function releaseSettledRows(db: UrsDatabase, userId: string): Promise<void> {
  const scope = [db.meta, db.outbox, db.shadows, db.photos, ...db.entityTables()];
  await db.transaction('rw', scope, async () => {
    // Another user claimed the tables since this user's pull ended: the shadows are theirs.
    const owner = await dataOwner(db);
    if (owner !== undefined && owner !== userId) return;
    const shadows = await db.shadows.toArray();
    await releaseRows(
      db,
      userId,
      shadows.map((s) => rowKey(s.entity, s.id)),
    );
  });
}
