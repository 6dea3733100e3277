import type { Tx } from '../../db/handles.js';
import { notificationExcerpt, reason, ROLES } from '@urs/sync-protocol';
import { and, eq, isNull } from 'drizzle-orm';
import { announcementReads, announcements } from '../../db/schema.js';
import { first } from '../../db/first.js';
import { announcementVisibleTo } from '../../db/dialect.js';
import type { SchoolActor } from '../../auth/policy.js';
import { inSchool } from '../../auth/visibility.js';
import { refuse } from '../refusal.js';
import { notify, usersWithRoles } from '../../services/notify.js';
import { authorize, isRepeatOfOwnCreate, type HandlerMap } from './context.js';

/**
 * The announcement of the actor's school, if it is not deleted (and, with `asViewer`, aimed at
 * the actor's role). Another school's is as missing as a deleted one.
 */
function findLiveAnnouncement(tx: Tx, id: string, actor: SchoolActor, asViewer = false) {
  const conditions = [
    eq(announcements.id, id),
    inSchool(announcements, actor.schoolId),
    isNull(announcements.deletedAt),
  ];
  if (asViewer && actor.role !== 'admin') {
    conditions.push(announcementVisibleTo(actor.role));
  }
  return first(
    tx
      .select()
      .from(announcements)
      .where(and(...conditions)),
  );
}

async function liveAnnouncement(tx: Tx, id: string, actor: SchoolActor) {
  const row = await findLiveAnnouncement(tx, id, actor);
  if (row === undefined) throw refuse.notFound(reason('announcement_gone'));
  return row;
}

export const announcementHandlers: Pick<
  HandlerMap,
  'announcement.create' | 'announcement.update' | 'announcement.delete' | 'announcement.mark_read'
> = {
  'announcement.create': async (ctx, a) => {
    const { tx, actor, now, seq } = ctx;
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
    // Those whose role it is for (decision 031), everyone when it names no audience.
    await notify(ctx, {
      kind: 'announcement',
      subjectId: a.id,
      params: { actor: await ctx.actorName(), title: notificationExcerpt(a.title) },
      priority: a.priority === 'important' ? 'important' : 'normal',
      to: await usersWithRoles(tx, actor.schoolId, a.audience ?? ROLES),
      checked: true,
    });
  },

  'announcement.update': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'announcements.manage');
    await liveAnnouncement(tx, a.id, actor);
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
      .where(and(eq(announcements.id, a.id), inSchool(announcements, actor.schoolId)));
  },

  'announcement.delete': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'announcements.manage');
    await liveAnnouncement(tx, a.id, actor);
    await tx
      .update(announcements)
      .set({ deletedAt: now, updatedAt: now, changeSeq: seq() })
      .where(and(eq(announcements.id, a.id), inSchool(announcements, actor.schoolId)));
  },

  'announcement.mark_read': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'announcements.read');
    // Read offline, then deleted (or no longer aimed at the role) before the mark arrived:
    // there is nothing left to mark, and nothing for the user to fix or discard either.
    if ((await findLiveAnnouncement(tx, a.announcement_id, actor, true)) === undefined) return;
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
