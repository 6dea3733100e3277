import { and, desc, eq, isNull, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/change-seq.js';
import { inventoryItems, itemRequests, photoUploads } from '../../db/schema.js';
import { Refusal, refuse } from '../refusal.js';
import {
  authorize,
  isRepeatOfOwnCreate,
  type HandlerMap,
  type MutationContext,
} from './context.js';

/** REQ-<year>-<6 digits>, counting up within the year the server receives the request. */
function nextRequestNumber(tx: DbOrTx, now: string): string {
  const prefix = `REQ-${now.slice(0, 4)}-`;
  const last = tx
    .select({ number: itemRequests.number })
    .from(itemRequests)
    .where(like(itemRequests.number, `${prefix}%`))
    .orderBy(desc(itemRequests.number))
    .limit(1)
    .get();
  const n =
    last?.number === null || last === undefined ? 0 : Number(last.number.slice(prefix.length));
  return `${prefix}${String(n + 1).padStart(6, '0')}`;
}

const DECISION_LABEL = { approved: 'disetujui', rejected: 'ditolak', pending: 'menunggu' } as const;

function decide(
  { tx, actor, now, seq }: MutationContext,
  a: { id: string; notes?: string | null | undefined },
  status: 'approved' | 'rejected',
): void {
  authorize(actor, 'requests.decide');
  const request = tx
    .select()
    .from(itemRequests)
    .where(and(eq(itemRequests.id, a.id), isNull(itemRequests.deletedAt)))
    .get();
  if (request === undefined) throw refuse.notFound('Permintaan barang tidak ditemukan.');
  if (request.status !== 'pending') {
    const which = request.number === null ? 'Permintaan ini' : `Permintaan ${request.number}`;
    throw refuse.conflict(
      `${which} sudah ${DECISION_LABEL[request.status]} sebelumnya; status tidak diubah.`,
    );
  }
  tx.update(itemRequests)
    .set({
      status,
      approverId: actor.id,
      approverNotes: a.notes ?? null,
      decidedAt: now,
      updatedAt: now,
      changeSeq: seq(),
    })
    .where(eq(itemRequests.id, a.id))
    .run();
}

export const requestHandlers: Pick<
  HandlerMap,
  'request.create' | 'request.approve' | 'request.reject'
> = {
  'request.create': ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'requests.create');
    const existing = tx.select().from(itemRequests).where(eq(itemRequests.id, a.id)).get();
    if (isRepeatOfOwnCreate(existing && { ownerId: existing.requesterId }, actor, 'permintaan'))
      return;
    if (a.type === 'stock') {
      const item = tx
        .select({ id: inventoryItems.id })
        .from(inventoryItems)
        .where(and(eq(inventoryItems.id, a.item_id ?? ''), isNull(inventoryItems.deletedAt)))
        .get();
      if (item === undefined)
        throw refuse.invalid('item_id', 'Barang tidak ditemukan atau sudah dihapus.');
    }
    if (a.type === 'custom') {
      const upload = tx
        .select({ id: photoUploads.id })
        .from(photoUploads)
        .where(
          and(eq(photoUploads.sha256, a.image_sha256 ?? ''), eq(photoUploads.userId, actor.id)),
        )
        .get();
      if (upload === undefined)
        throw new Refusal('photo_missing', 'Gambar produk belum terunggah ke server.');
    }
    tx.insert(itemRequests)
      .values({
        id: a.id,
        number: nextRequestNumber(tx, now),
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
      })
      .run();
  },
  'request.approve': (ctx, a) => decide(ctx, a, 'approved'),
  'request.reject': (ctx, a) => decide(ctx, a, 'rejected'),
};
