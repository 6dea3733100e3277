import type { OutboxEntry, UrsDatabase } from '../db/database.js';

/**
 * Makes the entity tables hold `userId`'s data. On a shared phone the tables may still hold the
 * previous user's rows, which this user may not be allowed to see: they are cleared, and every
 * cursor restarts so each user re-pulls what they may see. Outboxes and photos are keyed by
 * user and are kept: the previous user's queue waits for them to sign in again. This user's
 * own entries the server has not accepted yet (pending or refused) write their rows again, in
 * the order they were made: the work they did while someone else had the phone, or before, is
 * there at once, offline too, and a refusal can still be fixed rather than only discarded.
 *
 * Returns true when the tables changed hands.
 */
export function claimLocalData(db: UrsDatabase, userId: string): Promise<boolean> {
  return db.transaction(
    'rw',
    [db.meta, db.shadows, db.sync_state, db.outbox, ...db.entityTables()],
    async () => {
      const owner = await db.meta.get('data_owner');
      if (owner?.user_id === userId) return false;
      for (const table of db.entityTables()) await table.clear();
      await db.shadows.clear();
      await db.sync_state.toCollection().modify({ cursor: '' });
      await db.meta.put({ key: 'data_owner', user_id: userId });
      // Their shadows (the server's rows) come back with the next pull, which keeps these rows.
      for (const entry of await openEntriesFor(db, userId).sortBy('seq')) {
        for (const write of entry.optimistic ?? []) {
          const table = db.entityTable(write.entity);
          if (write.op === 'put') await table.put(write.row);
          else await table.delete(write.id);
        }
      }
      return true;
    },
  );
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
