import { and, eq, isNull, lte } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFS } from '@urs/sync-protocol';
import { notificationPrefs, notifications } from '../../db/schema.js';
import { first } from '../../db/first.js';
import { inSchool } from '../../auth/visibility.js';
import { refuse } from '../refusal.js';
import { authorize, type HandlerMap } from './context.js';

/*
 * The inbox's own mutations (decision 031): read marks, made offline and synced to the user's
 * other devices, and the user's preferences. A mark of a notification that is not the pusher's
 * (another user's, another school's, or none) is a no-op: there is nothing to fix or discard.
 */

/** The pusher's own notifications, as a condition. */
const mine = (actor: { id: string; schoolId: string }) =>
  and(eq(notifications.userId, actor.id), inSchool(notifications, actor.schoolId));

export const notificationHandlers: Pick<
  HandlerMap,
  'notification.read' | 'notification.read_all' | 'notification_prefs.set'
> = {
  'notification.read': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'notifications.own');
    // Read on two devices: the first mark stands, the second changes nothing.
    await tx
      .update(notifications)
      .set({ readAt: a.read_at, updatedAt: now, changeSeq: seq() })
      .where(and(eq(notifications.id, a.id), mine(actor), isNull(notifications.readAt)));
  },

  'notification.read_all': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'notifications.own');
    const newest = await first(
      tx
        .select({ createdAt: notifications.createdAt })
        .from(notifications)
        .where(and(eq(notifications.id, a.id), mine(actor))),
    );
    if (newest === undefined) return;
    const unread = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          mine(actor),
          isNull(notifications.readAt),
          lte(notifications.createdAt, newest.createdAt),
        ),
      )
      .orderBy(notifications.createdAt, notifications.id);
    // One change number each: a device that pulled some of them must be sent every one again.
    for (const { id } of unread) {
      await tx
        .update(notifications)
        .set({ readAt: a.read_at, updatedAt: now, changeSeq: seq() })
        .where(and(eq(notifications.id, id), mine(actor)));
    }
  },

  'notification_prefs.set': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'notifications.own');
    if (a.id !== actor.id) throw refuse.forbidden();
    const stored = await first(
      tx.select().from(notificationPrefs).where(eq(notificationPrefs.id, actor.id)),
    );
    const push = { ...(stored?.push ?? DEFAULT_NOTIFICATION_PREFS.push), ...a.push };
    const announcements = a.announcements ?? stored?.announcements ?? 'important';
    const quietHours =
      a.quiet_hours !== undefined
        ? a.quiet_hours
        : stored !== undefined
          ? (stored.quietHours ?? null)
          : DEFAULT_NOTIFICATION_PREFS.quiet_hours;
    const changeSeq = seq();
    await tx
      .insert(notificationPrefs)
      .values({
        id: actor.id,
        schoolId: actor.schoolId,
        push,
        announcements,
        quietHours,
        createdAt: now,
        updatedAt: now,
        changeSeq,
      })
      .onConflictDoUpdate({
        target: notificationPrefs.id,
        set: { push, announcements, quietHours, updatedAt: now, changeSeq },
      });
  },
};
