import type { SyncedEntity } from '@urs/sync-protocol';
import type { SyncedRow, UrsDatabase } from '../db/database.js';
import { withStorageGuard } from './errors.js';
import { dataOwnerRow, heldRowKeys } from './local-data-owner.js';
import { rowKey } from './shadows.js';

/** A row as the server answered it outside the pull (GET /api/reports/:id, say). */
export interface ServerCopy {
  entity: SyncedEntity;
  row: SyncedRow & { id: string };
}

/**
 * Keeps rows the server answered outside the pull as the pull would have written them, so a
 * change queued against them has its base (decision 032): an admin acting on a report during
 * the first download, before the pull has brought it. The pull writes the same rows again
 * when it reaches them, over these or (while an entry holds one) into its shadow, as for any
 * pulled row.
 *
 * Only rows the device does not hold are kept: one it holds is the pull's or the user's own,
 * and an open entry's row (a report deleted here and not yet sent) must not come back. Nothing
 * is kept unless the tables are this user's and were filled for `role`: the caller says whose
 * pull sends these rows, and another role's tables must not gain rows their pull never sends.
 * Returns how many rows were kept.
 */
export function keepServerCopies(
  db: UrsDatabase,
  userId: string,
  role: string,
  copies: readonly ServerCopy[],
): Promise<number> {
  return withStorageGuard(() =>
    db.transaction('rw', [db.meta, db.sync_state, db.outbox, ...db.entityTables()], async () => {
      const [owner, state] = await Promise.all([dataOwnerRow(db), db.sync_state.get(userId)]);
      if (owner?.user_id !== userId) return 0;
      // The role is stored with the fill's first page, which on a slow link is still on its
      // way: a fill from the beginning with no role yet takes the session's, as that page will.
      const fillStarting = owner.role === undefined && state?.cursor === '';
      if (owner.role !== role && !fillStarting) return 0;
      const held = await heldRowKeys(db, userId);
      let kept = 0;
      for (const { entity, row } of copies) {
        if (held.has(rowKey(entity, row.id))) continue;
        const table = db.entityTable(entity);
        if ((await table.get(row.id)) !== undefined) continue;
        await table.put(row);
        kept += 1;
      }
      return kept;
    }),
  );
}
