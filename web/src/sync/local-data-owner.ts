import type { User } from '@urs/sync-protocol';
import type { DataOwner, HeldRowsAside, OutboxEntry, UrsDatabase } from '../db/database.js';
import { isQuotaExceeded } from './errors.js';
import { splitRowKey } from './row-key.js';

/**
 * Makes the entity tables hold `userId`'s data. On a shared phone the tables may still hold the
 * previous user's rows, which this user may not be allowed to see: they are cleared, and every
 * cursor restarts so each user re-pulls what they may see. Outboxes and photos are keyed by
 * user and are kept: the previous user's queue waits for them to sign in again.
 *
 * The rows that queue holds (pending or refused work, as the device showed it) and their
 * shadows are put aside first, and put back when that user claims the tables again: their
 * unsent reports are there at once, offline too, and a refusal can still be fixed or discarded
 * as before, instead of having vanished with the cleared tables.
 *
 * Returns true when the tables changed hands.
 */
export async function claimLocalData(db: UrsDatabase, userId: string): Promise<boolean> {
  try {
    return await claimTables(db, userId, true);
  } catch (err) {
    // A full disk cannot take the rows set aside. The tables change hands all the same, so
    // the next user never sees the last one's rows: that user's queue still holds their work,
    // which goes out at their next sign-in and comes back with the pull.
    if (!isQuotaExceeded(err)) throw err;
    return claimTables(db, userId, false);
  }
}

function claimTables(db: UrsDatabase, userId: string, setAside: boolean): Promise<boolean> {
  return db.transaction(
    'rw',
    [db.meta, db.shadows, db.sync_state, db.outbox, ...db.entityTables()],
    async () => {
      const owner = await dataOwner(db);
      if (owner === userId) return false;
      if (owner !== undefined && setAside) await putHeldRowsAside(db, owner);
      for (const table of db.entityTables()) await table.clear();
      await db.shadows.clear();
      await db.sync_state.toCollection().modify({ cursor: '' });
      await db.meta.put({ key: 'data_owner', user_id: userId });
      await putHeldRowsBack(db, userId);
      return true;
    },
  );
}

/**
 * After the user's role changed on the server (pull.ts finds the role the tables were filled
 * for differ from the page's): the server chooses every later change by the new role, so rows
 * a promoted user may now see would never come (they are behind the cursor) and rows a
 * demoted one may no longer see would stay. The tables are cleared and the cursor restarts,
 * as for another user's sign-in, with the rows this user's queue holds (and their shadows)
 * kept as they were, and the new role recorded. False when the tables are no longer this
 * user's (another sign-in claimed them meanwhile): nothing is done.
 */
export function rescopeLocalData(db: UrsDatabase, me: User): Promise<boolean> {
  return refillLocalData(db, me.id, async () => {
    await db.sync_state.update(me.id, { cursor: '', me });
    await db.meta.put({ key: 'data_owner', user_id: me.id, role: me.role });
  });
}

/**
 * After the server said its data went back to an older copy (a restore from backup: the
 * cursor is past every change it has): the tables are cleared and the cursor restarts, as for
 * a role change, so rows the restore took away go and changes numbered again come. The rows
 * this user's queue holds are kept; the queue itself goes out as before.
 */
export function restartLocalData(db: UrsDatabase, userId: string): Promise<boolean> {
  return refillLocalData(db, userId, async () => {
    await db.sync_state.update(userId, { cursor: '' });
  });
}

/** Clears the tables of their owner `userId` but for the rows their queue holds; `reset` restarts the cursor. */
function refillLocalData(
  db: UrsDatabase,
  userId: string,
  reset: () => Promise<void>,
): Promise<boolean> {
  return db.transaction(
    'rw',
    [db.meta, db.shadows, db.sync_state, db.outbox, ...db.entityTables()],
    async () => {
      if ((await dataOwner(db)) !== userId) return false;
      await putHeldRowsAside(db, userId);
      for (const table of db.entityTables()) await table.clear();
      await db.shadows.clear();
      await reset();
      await putHeldRowsBack(db, userId);
      return true;
    },
  );
}

/** Whose data the entity tables hold, and for which role (see DataOwner), if anyone's. */
export async function dataOwnerRow(db: UrsDatabase): Promise<DataOwner | undefined> {
  const row = await db.meta.get('data_owner');
  return row !== undefined && 'user_id' in row ? row : undefined;
}

/** The user whose data the entity tables hold, if any. */
export async function dataOwner(db: UrsDatabase): Promise<string | undefined> {
  const row = await db.meta.get('data_owner');
  return row !== undefined && 'user_id' in row ? row.user_id : undefined;
}

const asideKey = (userId: string) => `held_rows:${userId}` as const;

async function putHeldRowsAside(db: UrsDatabase, userId: string): Promise<void> {
  const keys = await heldRowKeys(db, userId);
  if (keys.size === 0) return;
  const rows: HeldRowsAside['rows'] = [];
  for (const key of keys) {
    const parts = splitRowKey(key);
    if (parts === null) continue;
    const [entity, id] = parts;
    rows.push({ entity, id, row: (await db.entityTable(entity).get(id)) ?? null });
  }
  // Every shadow is the owner's: only their held rows have one.
  await db.meta.put({ key: asideKey(userId), rows, shadows: await db.shadows.toArray() });
}

async function putHeldRowsBack(db: UrsDatabase, userId: string): Promise<void> {
  const aside = await db.meta.get(asideKey(userId));
  if (aside === undefined || !('rows' in aside)) return;
  for (const { entity, id, row } of aside.rows) {
    if (row !== null) await db.entityTable(entity).put(row);
    else await db.entityTable(entity).delete(id);
  }
  // Their server copies are forgotten: every caller restarts the cursor, and the full pull that
  // follows writes the copy of each row the user may still see into its shadow. A row they may
  // no longer see (their role changed) gets none, so once its entry goes it goes too. Kept, an
  // admin-era copy came back when a demoted user discarded a refused edit, and stayed for good.
  await db.shadows.bulkPut(aside.shadows.map((shadow) => ({ ...shadow, row: null })));
  await db.meta.delete(aside.key);
}

/** Rows touched by any outbox entry of this user, pending or rejected. */
export async function heldRowKeys(db: UrsDatabase, userId: string): Promise<Set<string>> {
  const keys = new Set<string>();
  await openEntriesFor(db, userId).each((entry) => entry.rows.forEach((key) => keys.add(key)));
  return keys;
}

/** Mutations of this user not yet accepted by the server; logout should warn when > 0. */
export function pendingCountFor(db: UrsDatabase, userId: string): Promise<number> {
  return db.outbox.where('[user_id+status]').equals([userId, 'pending']).count();
}

/** Mutations the server refused, oldest first, for the user to fix or discard. */
export function rejectedFor(db: UrsDatabase, userId: string): Promise<OutboxEntry[]> {
  return db.outbox.where('[user_id+status]').equals([userId, 'rejected']).sortBy('seq');
}

/**
 * Entries of this user the server has not accepted yet, pending or refused: the rows they touch
 * still show the device's version, and screens mark them "not synced".
 */
export function openEntriesFor(db: UrsDatabase, userId: string) {
  return db.outbox.where('[user_id+status]').anyOf([
    [userId, 'pending'],
    [userId, 'rejected'],
  ]);
}

/** Pending entries of this user in push order. */
export function pendingFor(db: UrsDatabase, userId: string): Promise<OutboxEntry[]> {
  return db.outbox.where('[user_id+status]').equals([userId, 'pending']).sortBy('seq');
}
