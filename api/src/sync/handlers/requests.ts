import type { Tx } from '../../db/handles.js';
import { notificationExcerpt, reason } from '@urs/sync-protocol';
import { and, desc, eq, isNull, like } from 'drizzle-orm';
import { inventoryItems, itemRequests, photoUploads } from '../../db/schema.js';
import { inSchool } from '../../auth/visibility.js';
import { first } from '../../db/first.js';
import { localDate, type SchoolClock } from '../../lib/school-time.js';
import { Refusal, refuse } from '../refusal.js';
import { notify } from '../../services/notify.js';
import {
  authorize,
  isRepeatOfOwnCreate,
  type HandlerMap,
  type MutationContext,
} from './context.js';

/**
 * REQ-<year>-<6 digits>, counting up per school (decision 027) within the school's year (its
 * own time zone, not UTC's) in which the server receives the request. The school's counter,
 * locked by the batch, keeps two pushes of the school from taking the same number.
 */
export async function nextRequestNumber(
  tx: Tx,
  schoolId: string,
  now: string,
  clock: SchoolClock,
): Promise<string> {
  const prefix = `REQ-${localDate(new Date(now), clock).slice(0, 4)}-`;
  const last = await first(
    tx
      .select({ number: itemRequests.number })
      .from(itemRequests)
      .where(and(inSchool(itemRequests, schoolId), like(itemRequests.number, `${prefix}%`)))
      .orderBy(desc(itemRequests.number))
      .limit(1),
  );
  const n =
    last?.number === null || last === undefined ? 0 : Number(last.number.slice(prefix.length));
  return `${prefix}${String(n + 1).padStart(6, '0')}`;
}

/** What a request asks for, in words: the item's name, or the name the requester wrote. */
async function requestedName(
  tx: Tx,
  request: { itemId: string | null; customName: string | null },
): Promise<string> {
  if (request.itemId === null) return request.customName ?? '';
  const item = await first(
    tx
      .select({ name: inventoryItems.name })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, request.itemId)),
  );
  return item?.name ?? '';
}

async function decide(
  ctx: MutationContext,
  a: { id: string; notes?: string | null | undefined },
  status: 'approved' | 'rejected',
): Promise<void> {
  const { tx, actor, now, seq } = ctx;
  authorize(actor, 'requests.decide');
  const request = await first(
    tx
      .select()
      .from(itemRequests)
      .where(
        and(
          eq(itemRequests.id, a.id),
          inSchool(itemRequests, actor.schoolId),
          isNull(itemRequests.deletedAt),
        ),
      ),
  );
  if (request === undefined) throw refuse.notFound(reason('request_not_found'));
  if (request.status !== 'pending') {
    throw refuse.conflict(
      reason('request_decided', { number: request.number ?? '', status: request.status }),
    );
  }
  await tx
    .update(itemRequests)
    .set({
      status,
      approverId: actor.id,
      approverNotes: a.notes ?? null,
      decidedAt: now,
      updatedAt: now,
      changeSeq: seq(),
    })
    .where(and(eq(itemRequests.id, a.id), inSchool(itemRequests, actor.schoolId)));
  await notify(ctx, {
    kind: status === 'approved' ? 'request_approved' : 'request_rejected',
    subjectId: request.id,
    params: {
      actor: await ctx.actorName(),
      number: request.number ?? '',
      item: notificationExcerpt(await requestedName(tx, request)),
      notes: a.notes === undefined || a.notes === null ? null : notificationExcerpt(a.notes),
    },
    to: [request.requesterId],
  });
}

export const requestHandlers: Pick<
  HandlerMap,
  'request.create' | 'request.approve' | 'request.reject'
> = {
  'request.create': async ({ tx, actor, now, seq, clock }, a) => {
    authorize(actor, 'requests.create');
    const existing = await first(tx.select().from(itemRequests).where(eq(itemRequests.id, a.id)));
    if (isRepeatOfOwnCreate(existing && { ownerId: existing.requesterId }, actor, 'request'))
      return;
    if (a.type === 'stock') {
      const item = await first(
        tx
          .select({ id: inventoryItems.id, active: inventoryItems.active })
          .from(inventoryItems)
          .where(
            and(
              eq(inventoryItems.id, a.item_id ?? ''),
              inSchool(inventoryItems, actor.schoolId),
              isNull(inventoryItems.deletedAt),
            ),
          ),
      );
      if (item === undefined) throw refuse.invalid('item_id', reason('item_gone'));
      // The form offers active items only; a retired one is not for requesting either.
      if (!item.active) throw refuse.invalid('item_id', reason('item_inactive'));
    }
    if (a.type === 'custom') {
      const upload = await first(
        tx
          .select({ id: photoUploads.id })
          .from(photoUploads)
          .where(
            and(eq(photoUploads.sha256, a.image_sha256 ?? ''), eq(photoUploads.userId, actor.id)),
          ),
      );
      if (upload === undefined)
        throw new Refusal('photo_missing', reason('request_image_not_uploaded'));
    }
    await tx.insert(itemRequests).values({
      id: a.id,
      schoolId: actor.schoolId,
      number: await nextRequestNumber(tx, actor.schoolId, now, clock),
      type: a.type,
      itemId: a.type === 'stock' ? (a.item_id ?? null) : null,
      customName: a.type === 'custom' ? (a.custom_name ?? null) : null,
      storeLink: a.store_link ?? null,
      imageSha256: a.type === 'custom' ? (a.image_sha256 ?? null) : null,
      quantity: a.quantity,
      neededDate: a.needed_date ?? null,
      notes: a.notes ?? null,
      requesterId: actor.id,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
      changeSeq: seq(),
    });
  },
  'request.approve': (ctx, a) => decide(ctx, a, 'approved'),
  'request.reject': (ctx, a) => decide(ctx, a, 'rejected'),
};
