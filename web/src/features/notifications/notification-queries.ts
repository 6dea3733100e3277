import type { InboxNotification, NotificationPrefs } from '@urs/sync-protocol';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type UrsDatabase } from '../../db/index.js';

/*
 * The inbox as the device holds it (decision 031): the server's rows the pull brought and the
 * ones the device wrote itself, read live so a read mark, a pull or a push shows at once, online
 * or not. Nothing here imports the contract's schemas: the bell draws with the shell.
 */

/** The user's unread notifications on this device. */
export async function unreadNotificationCount(
  database: UrsDatabase,
  userId: string,
): Promise<number> {
  return database.notifications
    .filter((row) => row.user_id === userId && row.read_at === null)
    .count();
}

/** The bell's number (live); null while it is read or with nobody signed in. */
export function useUnreadNotificationCount(userId: string | null): number | null {
  return (
    useLiveQuery(() => (userId === null ? null : unreadNotificationCount(db, userId)), [userId]) ??
    null
  );
}

/** The user's notifications, newest first. */
export async function inboxRows(
  database: UrsDatabase,
  userId: string,
): Promise<InboxNotification[]> {
  const rows = await database.notifications.orderBy('created_at').reverse().toArray();
  return rows.filter((row) => row.user_id === userId);
}

/** The inbox (live); undefined while loading. */
export function useInbox(userId: string | null): InboxNotification[] | undefined {
  return useLiveQuery(async () => (userId === null ? [] : inboxRows(db, userId)), [userId]);
}

/** The user's stored preferences (live); null when none is stored (the defaults hold). */
export function useNotificationPrefs(userId: string | null): NotificationPrefs | null | undefined {
  return useLiveQuery(
    async () => (userId === null ? null : ((await db.notification_prefs.get(userId)) ?? null)),
    [userId],
  );
}
