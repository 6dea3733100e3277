import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/index.js';
import { pendingCountFor } from '../../sync/index.js';

/** How many of this user's changes still wait to be sent (live); 0 when it cannot be read. */
export function usePendingChangeCount(userId: string | null): number | undefined {
  return useLiveQuery(
    () => (userId === null ? 0 : pendingCountFor(db, userId).catch(() => 0)),
    [userId],
  );
}
