import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAppSession } from '../../client/use-session.js';

/**
 * Not in the spec: the last unread count the server gave a user on this device. A page loaded
 * offline has no answer from the server until it is back (and then until the next 60 s poll),
 * and a badge that fell to nothing meanwhile read as "all read". Kept with the user's id, so on
 * a shared phone one user's count never shows for the next.
 */
const KEPT_UNREAD_KEY = 'urs_unread_count';

type KeptStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readKeptUnread(storage: KeptStorage, userId: string): number | null {
  try {
    const kept = JSON.parse(storage.getItem(KEPT_UNREAD_KEY) ?? 'null') as {
      user?: unknown;
      count?: unknown;
    } | null;
    const count = kept?.count;
    return kept?.user === userId &&
      typeof count === 'number' &&
      Number.isInteger(count) &&
      count >= 0
      ? count
      : null;
  } catch {
    return null;
  }
}

export function keepUnread(storage: KeptStorage, userId: string, count: number): void {
  try {
    storage.setItem(KEPT_UNREAD_KEY, JSON.stringify({ user: userId, count }));
  } catch {
    // A full storage only costs the offline copy of the count.
  }
}

/**
 * The unread count the badges show: the server's once it has answered this session, before
 * that the last one kept on this device, and null when there is none (not known, not zero).
 * Called once, by the shell, which hands it to both badges: each answer is kept once. With no
 * user (the session just ended) nothing is read or kept.
 */
export function useUnreadBadgeCount(
  userId: string | null,
  storage: KeptStorage = localStorage,
): number | null {
  const { announcementPoller: poller } = useAppSession();
  // -1 until the server answers: the snapshot must change when it does, even with a count of 0.
  const live = useSyncExternalStore(poller.subscribe, () =>
    poller.hasAnswered() ? poller.getCount() : -1,
  );
  useEffect(() => {
    if (live >= 0 && userId !== null) keepUnread(storage, userId, live);
  }, [live, userId, storage]);
  const kept = useMemo(
    () => (live >= 0 || userId === null ? null : readKeptUnread(storage, userId)),
    [live, userId, storage],
  );
  return live >= 0 ? live : kept;
}
