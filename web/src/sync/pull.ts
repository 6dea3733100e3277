import { DEFAULT_PULL_LIMIT, type PullResponse } from '@urs/sync-protocol';
import type { UrsDatabase } from '../db/database.js';
import { UnexpectedResponseError, type ApiClient } from '../lib/api-client.js';
import { withStorageGuard } from './errors.js';
import { heldRowKeys, releaseSettledRows, rowKey } from './shadows.js';

/** The token belongs to someone other than the user this device thinks is signed in. */
export class SessionMismatchError extends Error {
  override readonly name = 'SessionMismatchError';

  constructor() {
    super('Sesi tidak cocok dengan pengguna di perangkat ini. Silakan masuk kembali.');
  }
}

/** The cursor moved while a page was in flight (another user claimed the device). */
export class CursorMovedError extends Error {
  override readonly name = 'CursorMovedError';
}

export interface PullSummary {
  pages: number;
  changes: number;
}

/**
 * Pulls every change since this user's cursor, page by page, until the server has no more.
 *
 * Called after the push in the same cycle: mutations confirmed by that push have server rows
 * with a change_seq above our cursor, so this pull brings them and replaces the optimistic rows.
 */
export async function pullChanges(
  db: UrsDatabase,
  api: ApiClient,
  userId: string,
  limit = DEFAULT_PULL_LIMIT,
): Promise<PullSummary> {
  const summary: PullSummary = { pages: 0, changes: 0 };
  for (;;) {
    const state = await db.sync_state.get(userId);
    if (state === undefined) return summary;
    const page = await api.pull(state.cursor, limit);
    if (page.me.id !== userId) throw new SessionMismatchError();
    await applyPullPage(db, userId, state.cursor, page);
    summary.pages += 1;
    summary.changes += page.changes.length;
    if (!page.has_more) break;
    if (page.cursor === state.cursor) {
      throw new UnexpectedResponseError('Server melaporkan data lanjutan tanpa memajukan cursor.');
    }
  }
  // Only now, with nothing left to pull, is an unreplaced shadow known to be the server's row.
  await releaseSettledRows(db, userId);
  return summary;
}

/**
 * Applies one page and stores its cursor in the SAME transaction. If anything in the page fails
 * (quota, a bad row), the transaction aborts: no row of the page is written and the cursor stays
 * where it was, so the same page is fetched again. A cursor stored apart from its rows could
 * skip changes for good.
 */
export async function applyPullPage(
  db: UrsDatabase,
  userId: string,
  requestedCursor: string,
  page: PullResponse,
): Promise<void> {
  await withStorageGuard(() =>
    db.transaction('rw', [db.sync_state, db.outbox, db.shadows, ...db.entityTables()], async () => {
      const state = await db.sync_state.get(userId);
      if (state === undefined || state.cursor !== requestedCursor) {
        throw new CursorMovedError('Cursor berubah selama sinkronisasi; coba lagi.');
      }
      // Pending local mutations win: a row an unconfirmed entry touched keeps its local
      // version; the server's version is kept aside as its shadow. Read inside this
      // transaction so an enqueue cannot slip in between the check and the write.
      const held = await heldRowKeys(db, userId);
      for (const change of page.changes) {
        const table = db.entityTable(change.entity);
        if (held.has(rowKey(change.entity, change.id))) {
          await db.shadows.put({
            entity: change.entity,
            id: change.id,
            row: change.op === 'put' ? change.row : null,
          });
          continue;
        }
        if (change.op === 'put') await table.put(change.row);
        else await table.delete(change.id);
        await db.shadows.delete([change.entity, change.id]);
      }
      await db.sync_state.update(userId, {
        cursor: page.cursor,
        me: page.me,
        unread_announcements: page.unread_announcements,
      });
    }),
  );
}
