import type { Tx } from '../../db/handles.js';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { isLowStock, newId, notificationExcerpt, reason } from '@urs/sync-protocol';
import { inventoryItems, stockTransactions } from '../../db/schema.js';
import { inSchool } from '../../auth/visibility.js';
import { first } from '../../db/first.js';
import { refuse } from '../refusal.js';
import { boundFilingTime } from '../filing-time.js';
import { notify, usersWithRoles, type NotifyContext } from '../../services/notify.js';
import { assertAreaExists, authorize, isRepeatOfOwnCreate, type HandlerMap } from './context.js';

/** The live item of the school; another school's is as missing as a deleted one. */
async function liveItem(tx: Tx, schoolId: string, id: string, field = 'id') {
  const row = await first(
    tx
      .select()
      .from(inventoryItems)
      .where(
        and(
          eq(inventoryItems.id, id),
          inSchool(inventoryItems, schoolId),
          isNull(inventoryItems.deletedAt),
        ),
      ),
  );
  if (row === undefined) {
    throw field === 'id'
      ? refuse.notFound(reason('item_gone'))
      : refuse.invalid(field, reason('item_gone'));
  }
  return row;
}

/** SKUs are unique per school (decision 027). */
async function assertSkuFree(
  tx: Tx,
  schoolId: string,
  sku: string | null | undefined,
  exceptId: string,
): Promise<void> {
  if (sku === null || sku === undefined) return;
  const clash = await first(
    tx
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(
        and(
          inSchool(inventoryItems, schoolId),
          sql`lower(${inventoryItems.sku}) = lower(${sku})`,
          isNull(inventoryItems.deletedAt),
          ne(inventoryItems.id, exceptId),
        ),
      ),
  );
  if (clash !== undefined) throw refuse.invalid('sku', reason('sku_taken'));
}

type ItemRow = typeof inventoryItems.$inferSelect;

/** Who keeps the stock: told when an item runs low (decision 031). */
const STOCK_KEEPERS = ['admin', 'inventory_staff'] as const;

/**
 * Tells the stock keepers when a write makes the item low (sync-protocol's isLowStock) and it
 * was not: once per dip, since while it stays low no write makes it so again, and a write that
 * lifts it (a restock, a lower minimum, untracking, retiring) re-arms it. Called by every write
 * that changes the stock, the minimum, `active` or `trackable`, in its transaction.
 */
async function tellIfRunningLow(ctx: NotifyContext, before: ItemRow, after: ItemRow) {
  const wire = (i: ItemRow) => ({
    stock: i.stock,
    min_stock: i.minStock,
    active: i.active,
    trackable: i.trackable,
  });
  if (isLowStock(wire(before)) || !isLowStock(wire(after))) return;
  await notify(ctx, {
    kind: 'low_stock',
    subjectId: after.id,
    params: {
      item: notificationExcerpt(after.name),
      stock: after.stock,
      min_stock: after.minStock,
      unit: after.unit,
    },
    to: await usersWithRoles(ctx.tx, ctx.actor.schoolId, STOCK_KEEPERS),
    checked: true,
  });
}

/**
 * Appends a stock transaction and moves the item's stock in the same transaction, so the
 * stock column always equals the sum of the item's history. Transactions are facts: two phones
 * recording usage offline simply add up. An `out` past the known stock is kept and flagged.
 */
export async function recordStock(
  tx: Tx,
  input: {
    id: string;
    /** The recorder's school, whose counter `seq` takes from. */
    schoolId: string;
    itemId: string;
    type: 'in' | 'out' | 'adjustment';
    quantity: number;
    notes: string | null;
    areaId: string | null;
    recordedBy: string;
    occurredAt: string;
    now: string;
    seq: () => number;
    afterCommit: (fn: () => void) => void;
  },
): Promise<void> {
  const item = await liveItem(tx, input.schoolId, input.itemId, 'item_id');
  const delta = input.type === 'out' ? -input.quantity : input.quantity;
  const stock = item.stock + delta;
  await tx.insert(stockTransactions).values({
    id: input.id,
    schoolId: input.schoolId,
    itemId: input.itemId,
    type: input.type,
    quantity: input.quantity,
    notes: input.notes,
    areaId: input.areaId,
    recordedBy: input.recordedBy,
    occurredAt: input.occurredAt,
    // What took away more than the stock held (an out, or a negative adjustment), never a
    // delivery that arrived while the stock was already below zero.
    // An untracked item's stock is nobody's count: going below zero there says nothing.
    flag: delta < 0 && stock < 0 && item.trackable ? 'insufficient_stock' : null,
    createdAt: input.now,
    updatedAt: input.now,
    changeSeq: input.seq(),
  });
  await tx
    .update(inventoryItems)
    .set({ stock, updatedAt: input.now, changeSeq: input.seq() })
    .where(and(eq(inventoryItems.id, input.itemId), inSchool(inventoryItems, input.schoolId)));
  const notifyCtx: NotifyContext = {
    tx,
    actor: { id: input.recordedBy, schoolId: input.schoolId },
    now: input.now,
    seq: input.seq,
    afterCommit: input.afterCommit,
  };
  await tellIfRunningLow(notifyCtx, item, { ...item, stock });
}

export const inventoryHandlers: Pick<
  HandlerMap,
  'item.create' | 'item.update' | 'item.delete' | 'stock.record'
> = {
  'item.create': async ({ tx, actor, now, seq, afterCommit }, a) => {
    authorize(actor, 'items.manage');
    const existing = await first(
      tx.select().from(inventoryItems).where(eq(inventoryItems.id, a.id)),
    );
    if (isRepeatOfOwnCreate(existing && { ownerId: existing.createdBy ?? '' }, actor, 'item'))
      return;
    await assertSkuFree(tx, actor.schoolId, a.sku, a.id);
    await tx.insert(inventoryItems).values({
      id: a.id,
      schoolId: actor.schoolId,
      name: a.name,
      sku: a.sku ?? null,
      unit: a.unit,
      stock: 0,
      minStock: a.min_stock,
      description: a.description ?? null,
      active: a.active,
      trackable: a.trackable,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
      changeSeq: seq(),
    });
    if (a.stock > 0) {
      await recordStock(tx, {
        id: newId(),
        schoolId: actor.schoolId,
        itemId: a.id,
        type: 'in',
        quantity: a.stock,
        notes: 'Stok awal',
        areaId: null,
        recordedBy: actor.id,
        occurredAt: now,
        now,
        seq,
        afterCommit,
      });
    }
  },

  'item.update': async (ctx, a) => {
    const { tx, actor, now, seq } = ctx;
    authorize(actor, 'items.manage');
    const before = await liveItem(tx, actor.schoolId, a.id);
    await assertSkuFree(tx, actor.schoolId, a.sku, a.id);
    const set = {
      ...(a.name !== undefined && { name: a.name }),
      ...(a.sku !== undefined && { sku: a.sku }),
      ...(a.unit !== undefined && { unit: a.unit }),
      ...(a.min_stock !== undefined && { minStock: a.min_stock }),
      ...(a.description !== undefined && { description: a.description }),
      ...(a.active !== undefined && { active: a.active }),
      ...(a.trackable !== undefined && { trackable: a.trackable }),
      updatedAt: now,
      changeSeq: seq(),
    };
    await tx
      .update(inventoryItems)
      .set(set)
      .where(and(eq(inventoryItems.id, a.id), inSchool(inventoryItems, actor.schoolId)));
    await tellIfRunningLow(ctx, before, { ...before, ...set });
  },

  'item.delete': async ({ tx, actor, now, seq }, a) => {
    authorize(actor, 'items.manage');
    await liveItem(tx, actor.schoolId, a.id);
    await tx
      .update(inventoryItems)
      .set({ deletedAt: now, updatedAt: now, changeSeq: seq() })
      .where(and(eq(inventoryItems.id, a.id), inSchool(inventoryItems, actor.schoolId)));
  },

  'stock.record': async (ctx, a) => {
    const { tx, actor, now, seq } = ctx;
    authorize(actor, 'stock.record');
    const existing = await first(
      tx.select().from(stockTransactions).where(eq(stockTransactions.id, a.id)),
    );
    if (isRepeatOfOwnCreate(existing && { ownerId: existing.recordedBy }, actor, 'stock')) return;
    if (a.area_id !== undefined && a.area_id !== null) await assertAreaExists(ctx, a.area_id);
    await recordStock(tx, {
      id: a.id,
      schoolId: actor.schoolId,
      itemId: a.item_id,
      type: a.type,
      quantity: a.quantity,
      notes: a.notes ?? null,
      areaId: a.area_id ?? null,
      recordedBy: actor.id,
      // The same bounds as a report's filing time: a wrong clock must not put usage in the
      // future or before the user existed, where it would reorder the item's history.
      occurredAt: boundFilingTime(a.occurred_at, await ctx.filingBounds()),
      now,
      seq,
      afterCommit: ctx.afterCommit,
    });
  },
};
