import type { Tx } from '../../db/handles.js';
import { reason } from '@urs/sync-protocol';
import { and, eq, isNull } from 'drizzle-orm';
import { announcementReads, announcements } from '../../db/schema.js';
import { first } from '../../db/first.js';
import { announcementVisibleTo } from '../../db/dialect.js';
import type { Actor } from '../../auth/policy.js';
import { refuse } from '../refusal.js';
import { authorize, isRepeatOfOwnCreate, type HandlerMap } from './context.js';

/** The announcement, if it is not deleted (and, with `visibleTo`, aimed at that user's role). */
function findLiveAnnouncement(tx: Tx, id: string, visibleTo?: Actor) {
  const conditions = [eq(announcements.id, id), isNull(announcements.deletedAt)];
  if (visibleTo !== undefined && visibleTo.role !== 'admin') {
    conditions.push(announcementVisibleTo(visibleTo.role));
  }
  return first(
    tx
      .select()
      .from(announcements)
      .where(and(...conditions)),
  );
}

async function liveAnnouncement(tx: Tx, id: string) {
  const row = await findLiveAnnouncement(tx, id);
  if (row === undefined) throw refuse.notFound(reason('announcement_gone'));
  return row;
}

export const announcementHandlers: Pick<
  HandlerMap,
  'announcement.create' | 'announcement.update' | 'announcement.delete' | 'announcement.mark_read'
> = {
  'announcement.create': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'announcements.manage');
    const existing = await first(tx.select().from(announcements).where(eq(announcements.id, a.id)));
    if (isRepeatOfOwnCreate(existing && { ownerId: existing.authorId }, actor, 'announcement'))
      return;
    await tx.insert(announcements).values({
      id: a.id,
      schoolId: actor.schoolId,
      title: a.title,
      body: a.body,
      audience: a.audience,
      priority: a.priority,
      pinned: a.pinned,
      authorId: actor.id,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
      changeSeq: seq(),
    });
  },

  'announcement.update': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'announcements.manage');
    await liveAnnouncement(tx, a.id);
    await tx
      .update(announcements)
      .set({
        ...(a.title !== undefined && { title: a.title }),
        ...(a.body !== undefined && { body: a.body }),
        ...(a.audience !== undefined && { audience: a.audience }),
        ...(a.priority !== undefined && { priority: a.priority }),
        ...(a.pinned !== undefined && { pinned: a.pinned }),
        updatedAt: now,
        changeSeq: seq(),
      })
      .where(eq(announcements.id, a.id));
  },

  'announcement.delete': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'announcements.manage');
    await liveAnnouncement(tx, a.id);
    await tx
      .update(announcements)
      .set({ deletedAt: now, updatedAt: now, changeSeq: seq() })
      .where(eq(announcements.id, a.id));
  },

  'announcement.mark_read': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'announcements.read');
    // Read offline, then deleted (or no longer aimed at the role) before the mark arrived:
    // there is nothing left to mark, and nothing for the user to fix or discard either.
    if ((await findLiveAnnouncement(tx, a.announcement_id, actor)) === undefined) return;
    const already = await first(
      tx
        .select({ id: announcementReads.id })
        .from(announcementReads)
        .where(
          and(
            eq(announcementReads.userId, actor.id),
            eq(announcementReads.announcementId, a.announcement_id),
          ),
        ),
    );
    // Read on two devices: the first mark stands and the second is a no-op, not an error.
    if (already !== undefined) return;
    const sameId = await first(
      tx.select().from(announcementReads).where(eq(announcementReads.id, a.id)),
    );
    if (isRepeatOfOwnCreate(sameId && { ownerId: sameId.userId }, actor, 'read')) return;
    await tx.insert(announcementReads).values({
      id: a.id,
      schoolId: actor.schoolId,
      announcementId: a.announcement_id,
      userId: actor.id,
      readAt: a.read_at,
      createdAt: now,
      updatedAt: now,
      changeSeq: seq(),
    });
  },
};
