import { newId } from '@urs/sync-protocol';
import type { SyncState, UrsDatabase } from '../db/database.js';

/**
 * The user's sync bookkeeping on this device, created on first need. Joins the caller's
 * transaction when there is one, so a new client id and the first seq commit together.
 */
export function ensureSyncState(db: UrsDatabase, userId: string): Promise<SyncState> {
  return db.transaction('rw', db.sync_state, async () => {
    const existing = await db.sync_state.get(userId);
    if (existing !== undefined) return existing;
    const fresh: SyncState = {
      user_id: userId,
      client_id: newId(),
      next_seq: 1,
      cursor: '',
      last_success_at: null,
      last_error: null,
      paused_reason: null,
      me: null,
      unread_announcements: 0,
    };
    await db.sync_state.add(fresh);
    return fresh;
  });
}
