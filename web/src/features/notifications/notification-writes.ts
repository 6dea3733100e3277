import {
  DEFAULT_NOTIFICATION_PREFS,
  DEVICE_NOTIFICATION_KINDS,
  type InboxNotification,
  type Notification,
  type NotificationPrefChoices,
  type NotificationPrefs,
} from '@urs/sync-protocol';
import { db, type UrsDatabase } from '../../db/index.js';
import { enqueue, type EnqueueOptions } from '../../sync/index.js';

/*
 * Read marks and preferences are mutations (decision 031), queued through the outbox with their
 * optimistic rows, so they work offline and reach the user's other devices. A row the device
 * wrote itself (`sync_refused`) is unknown to the server: it is marked here only.
 */

function isServerRow(row: InboxNotification): row is Notification {
  return !(DEVICE_NOTIFICATION_KINDS as readonly string[]).includes(row.kind);
}

/** Marks one notification read; one already read is left as it was (the first mark stands). */
export async function markNotificationRead(
  userId: string,
  row: InboxNotification,
  options: EnqueueOptions = {},
  database: UrsDatabase = db,
): Promise<void> {
  if (row.read_at !== null || row.user_id !== userId) return;
  const readAt = (options.now ?? (() => new Date()))().toISOString();
  if (!isServerRow(row)) {
    await database.notifications.update(row.id, { read_at: readAt });
    return;
  }
  await enqueue(
    database,
    userId,
    'notification.read',
    { id: row.id, read_at: readAt },
    [{ entity: 'notifications', op: 'put', row: { ...row, read_at: readAt } }],
    options,
  );
}

/**
 * Marks every unread notification the device holds read: the server's through one
 * `notification.read_all` naming the newest of the server's rows the device holds (so nothing
 * that reached the server after the user looked is marked), the device's own here.
 */
export async function markAllNotificationsRead(
  userId: string,
  rows: readonly InboxNotification[],
  options: EnqueueOptions = {},
  database: UrsDatabase = db,
): Promise<number> {
  const readAt = (options.now ?? (() => new Date()))().toISOString();
  const mine = rows.filter((row) => row.user_id === userId);
  const server = mine.filter(isServerRow);
  const newest = server.reduce<Notification | undefined>(
    (best, row) => (best === undefined || row.created_at > best.created_at ? row : best),
    undefined,
  );
  const unreadServer = server.filter(
    (row) => row.read_at === null && newest !== undefined && row.created_at <= newest.created_at,
  );
  const unreadDevice = mine.filter((row) => !isServerRow(row) && row.read_at === null);
  if (unreadDevice.length > 0) {
    await database.notifications.bulkPut(unreadDevice.map((row) => ({ ...row, read_at: readAt })));
  }
  if (newest !== undefined && unreadServer.length > 0) {
    await enqueue(
      database,
      userId,
      'notification.read_all',
      { id: newest.id, read_at: readAt },
      unreadServer.map((row) => ({
        entity: 'notifications' as const,
        op: 'put' as const,
        row: { ...row, read_at: readAt },
      })),
      options,
    );
  }
  return unreadServer.length + unreadDevice.length;
}

/** What the user chose: the stored row's, or the defaults where none is stored. */
export function prefChoices(stored: NotificationPrefs | null | undefined): NotificationPrefChoices {
  return stored === null || stored === undefined
    ? DEFAULT_NOTIFICATION_PREFS
    : { push: stored.push, announcements: stored.announcements, quiet_hours: stored.quiet_hours };
}

/**
 * Changes the user's preferences; only the fields given are sent and change. A kind's push is
 * sent with the whole per-kind map, so the server's row is the one the screen showed.
 */
export async function setNotificationPrefs(
  userId: string,
  change: Partial<NotificationPrefChoices>,
  options: EnqueueOptions = {},
  database: UrsDatabase = db,
): Promise<void> {
  const now = (options.now ?? (() => new Date()))().toISOString();
  const stored = await database.notification_prefs.get(userId);
  const current = prefChoices(stored);
  const sent =
    change.push === undefined ? change : { ...change, push: { ...current.push, ...change.push } };
  const row: NotificationPrefs = {
    id: userId,
    created_at: stored?.created_at ?? now,
    updated_at: now,
    ...current,
    ...sent,
  };
  await enqueue(
    database,
    userId,
    'notification_prefs.set',
    { id: userId, ...sent },
    [{ entity: 'notification_prefs', op: 'put', row }],
    options,
  );
}
