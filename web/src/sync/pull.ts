import { PULL_PAGE_SIZE, type PullResponse, type SyncedEntity } from '@urs/sync-protocol';
import type { DepartedName, ShadowRow, SyncedRow, UrsDatabase } from '../db/database.js';
import { departedName, isNamedEntity } from './departed.js';
import { ApiError, UnexpectedResponseError, type ApiClient } from '../client/api-client.js';
import { errorText } from '../lib/error-text.js';
import { withStorageGuard } from './errors.js';
import {
  dataOwnerRow,
  heldRowKeys,
  rescopeLocalData,
  restartLocalData,
} from './local-data-owner.js';
import { releaseSettledRows, rowKey } from './shadows.js';
import { dropReportChildren, reportsHeldBy } from './report-release.js';
import { carriedProgress, progressAfterPage, type PullProgress } from './pull-progress.js';

export type { PullProgress } from './pull-progress.js';

/** The token belongs to someone other than the user this device thinks is signed in. */
export class SessionMismatchError extends Error {
  override readonly name = 'SessionMismatchError';

  constructor() {
    super(errorText({ code: 'session_mismatch' }));
  }
}

/** The cursor moved while a page was in flight (another user claimed the device). */
export class CursorMovedError extends Error {
  override readonly name = 'CursorMovedError';

  constructor() {
    super(errorText({ code: 'cursor_moved' }));
  }
}

/** The server's answer to a cursor past every change it has (api/src/sync/routes.ts). */
function isCursorAhead(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409 && err.code === 'cursor_ahead';
}

/** The page was read for another role than the one the tables were filled for. */
export class ScopeChangedError extends Error {
  override readonly name = 'ScopeChangedError';
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
 *
 * The next page is requested as soon as a page arrives, before that page is written: the
 * server's time and the network's round trip then overlap IndexedDB's write instead of
 * following it (a first sync is dozens of pages). Only fetching runs ahead; pages are still
 * applied one at a time, in order, each checking in its transaction that the cursor it was
 * asked with is still the stored one, so a page that fails leaves the one fetched after it
 * unused.
 *
 * Only the first page asks the server to count what is left: that total is the progress's
 * (pull-progress.ts), and the following pages skip the count, which read every change past
 * each page again. A run goes on from the progress an unfinished earlier run stored with the
 * cursor, so a catch-up spread over several runs counts as one.
 */
export async function pullChanges(
  db: UrsDatabase,
  api: Pick<ApiClient, 'pull'>,
  userId: string,
  limit = PULL_PAGE_SIZE,
  onProgress?: (progress: PullProgress) => void,
): Promise<PullSummary> {
  const summary: PullSummary = { pages: 0, changes: 0 };
  const state = await db.sync_state.get(userId);
  if (state === undefined) return summary;
  let cursor = state.cursor;
  let pending = api.pull(cursor, limit, 'count');
  let progress = carriedProgress(state);
  const carried = progress?.applied ?? 0;
  // Shown at once: the first page is the slowest (the server counts), and the count so far holds.
  if (progress !== undefined) onProgress?.(progress);
  for (;;) {
    let page: PullResponse;
    try {
      page = await pending;
    } catch (err) {
      if (!isCursorAhead(err)) throw err;
      // The server's data went back to a backup (see restartLocalData): start over.
      if (!(await restartLocalData(db, userId))) throw new CursorMovedError();
      return pullChanges(db, api, userId, limit, onProgress);
    }
    if (page.me.id !== userId) throw new SessionMismatchError();
    if (page.has_more && page.cursor === cursor) {
      throw new UnexpectedResponseError('more data announced without the cursor moving');
    }
    const following = page.has_more ? api.pull(page.cursor, limit, 'skip') : undefined;
    // Settled here too, so a page that fails to apply does not leave its successor's failure
    // unhandled; the loop still awaits `following` itself and sees any error.
    following?.catch(() => undefined);
    // Only the first page was counted; the rest read `remaining` as 0 (absent): it is not one.
    const next = progressAfterPage(
      progress,
      carried + summary.changes + page.changes.length,
      summary.pages === 0 ? page.remaining : undefined,
    );
    try {
      await applyPullPage(db, userId, cursor, page, page.has_more ? next : null);
    } catch (err) {
      if (!(err instanceof ScopeChangedError)) throw err;
      // What this device holds was chosen for another role (see rescopeLocalData): start over.
      if (!(await rescopeLocalData(db, page.me))) throw new CursorMovedError();
      return pullChanges(db, api, userId, limit, onProgress);
    }
    summary.pages += 1;
    summary.changes += page.changes.length;
    progress = next;
    // A one-page pull is over before anyone could read a count; a longer one (or the end of a
    // catch-up already shown) reports each page.
    if (page.has_more || summary.pages > 1 || carried > 0) onProgress?.(progress);
    if (following === undefined) break;
    cursor = page.cursor;
    pending = following;
  }
  // Only now, with nothing left to pull, is an unreplaced shadow known to be the server's row.
  await releaseSettledRows(db, userId);
  return summary;
}

type PulledChange = PullResponse['changes'][number];

/** One table's share of a page: rows to write and ids to remove, each row once. */
interface TableWrites {
  puts: SyncedRow[];
  deletes: string[];
}

/**
 * Applies one page and stores its cursor in the SAME transaction. If anything in the page fails
 * (quota, a bad row), the transaction aborts: no row of the page is written and the cursor stays
 * where it was, so the same page is fetched again. A cursor stored apart from its rows could
 * skip changes for good. `progress` is the catch-up as of this page (null once caught up),
 * stored with the cursor it counts up to; left as it was when not given.
 *
 * The page is written with one bulk request per table instead of one request per row: a first
 * sync of a school year is tens of thousands of rows, and each single request pays IndexedDB's
 * and Dexie's per-call overhead.
 */
export async function applyPullPage(
  db: UrsDatabase,
  userId: string,
  requestedCursor: string,
  page: PullResponse,
  progress?: PullProgress | null,
): Promise<void> {
  await withStorageGuard(() =>
    db.transaction(
      'rw',
      [db.meta, db.sync_state, db.outbox, db.shadows, db.photos, ...db.entityTables()],
      async () => {
        const [state, ownerRow] = await Promise.all([db.sync_state.get(userId), dataOwnerRow(db)]);
        const owner = ownerRow?.user_id;
        // Another user who signed in meanwhile has claimed the tables (sync/local-data-owner.ts) and reset
        // every cursor, so a first page asked for with cursor '' still matches: the owner tells.
        const claimed = owner !== undefined && owner !== userId;
        if (state === undefined || state.cursor !== requestedCursor || claimed) {
          throw new CursorMovedError();
        }
        // Rows are chosen by the session's role: the tables hold one role's choice. A fill
        // from the start takes on the page's role; any other page of another role (changed by
        // an admin, on any page of a pull, or before this device kept the role) means the
        // tables must be filled again (pullChanges).
        if (ownerRow?.role !== page.me.role) {
          if (requestedCursor !== '') throw new ScopeChangedError();
          await db.meta.put({ key: 'data_owner', user_id: userId, role: page.me.role });
        }
        // Pending local mutations win: a row an unconfirmed entry touched keeps its local
        // version; the server's version is kept aside as its shadow. Read inside this
        // transaction so an enqueue cannot slip in between the check and the write.
        const [held, shadowKeys] = await Promise.all([
          heldRowKeys(db, userId),
          db.shadows.toCollection().primaryKeys(),
        ]);
        const shadowed = new Set(shadowKeys.map(([entity, id]) => rowKey(entity, id)));
        const writes = new Map<SyncedEntity, TableWrites>();
        const newShadows: ShadowRow[] = [];
        const releasedShadows: [SyncedEntity, string][] = [];
        const departed: DepartedName[] = [];
        const changes = [...latestPerRow(page.changes)];
        // Reports leaving this device (deleted, or taken from this user) take their photos and
        // events along, unless unsent work holds the report or any of them: it then stays,
        // its server version (none) kept as its shadow, until that work is settled.
        const leaving = changes.filter((c) => c.entity === 'reports' && c.op === 'delete');
        const keptReports = leaving.length > 0 ? await reportsHeldBy(db, held) : new Set<string>();
        const droppedReports: string[] = [];

        for (const change of changes) {
          const key = rowKey(change.entity, change.id);
          if (change.op === 'delete' && change.name !== undefined && isNamedEntity(change.entity)) {
            departed.push(departedName(change.entity, change.id, change.name));
          }
          const row = change.op === 'put' ? change.row : null;
          const keptReport = change.entity === 'reports' && keptReports.has(change.id);
          if (held.has(key) || (row === null && keptReport)) {
            newShadows.push({ entity: change.entity, id: change.id, row });
            continue;
          }
          if (row === null && change.entity === 'reports') droppedReports.push(change.id);
          let table = writes.get(change.entity);
          if (table === undefined) {
            table = { puts: [], deletes: [] };
            writes.set(change.entity, table);
          }
          if (row === null) table.deletes.push(change.id);
          else table.puts.push(row);
          // The server's newer word replaces the shadow of a row no entry holds any more.
          if (shadowed.has(key)) releasedShadows.push([change.entity, change.id]);
        }

        const requests: Promise<unknown>[] = [];
        for (const [entity, { puts, deletes }] of writes) {
          const table = db.entityTable(entity);
          if (puts.length > 0) requests.push(table.bulkPut(puts));
          if (deletes.length > 0) requests.push(table.bulkDelete(deletes));
        }
        if (newShadows.length > 0) requests.push(db.shadows.bulkPut(newShadows));
        if (releasedShadows.length > 0) requests.push(db.shadows.bulkDelete(releasedShadows));
        if (departed.length > 0) requests.push(db.meta.bulkPut(departed));
        await Promise.all(requests);
        // After the page's own writes: a photo or event the page brought is dropped with its report.
        await dropReportChildren(db, userId, droppedReports, held);
        await db.sync_state.update(userId, {
          cursor: page.cursor,
          me: page.me,
          unread_announcements: page.unread_announcements,
          ...(progress !== undefined && { pull_progress: progress }),
          // A fill from the beginning is complete only at its last page (sync/first-download.ts).
          ...(requestedCursor === '' || !page.has_more ? { filled: !page.has_more } : {}),
        });
      },
    ),
  );
}

/**
 * A page lists each row once today, but a server that sent one twice would mean its later
 * change (higher change_seq, later in the page); bulk writes have no order between a put and
 * a delete of the same key, so only the last change per row is kept.
 */
function latestPerRow(changes: readonly PulledChange[]): Iterable<PulledChange> {
  const latest = new Map<string, PulledChange>();
  for (const change of changes) {
    const key = rowKey(change.entity, change.id);
    latest.delete(key);
    latest.set(key, change);
  }
  return latest.values();
}
