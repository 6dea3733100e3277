import { checkMutation, newId, type InventoryItem } from '@urs/sync-protocol';
import type { UrsDatabase } from '../../../../db/database.js';
import { refusalTexts } from '../../../../lib/error-text.js';
import {
  MutationValidationError,
  enqueue,
  enqueueReady,
  openEntriesFor,
  retryRejected,
  withStorageGuard,
} from '../../../../sync/index.js';
import { checkArgs, type FieldErrors } from '../form/item-args.js';
import {
  createdItemRow,
  itemCreateArgs,
  itemFullUpdateArgs,
  itemUpdateArgs,
  normalizeSku,
  skuTaken,
  updatedItemRow,
  type ItemFormValues,
} from '../form/item-form-logic.js';
import { stockRecordArgs, transactionRow, type StockFormValues } from '../form/stock-form-logic.js';
import { exceedsStock, stockAfter, stockDelta } from '../stock-numbers.js';

/*
 * The items tab's writes, each one Dexie transaction through the outbox (works offline).
 * They take the database as a parameter so tests run them on fake-indexeddb. Field problems come
 * back as `{ ok: false, errors }` with nothing written; a full disk or another failure throws,
 * also with nothing written, for the screen to toast.
 */

export interface StoreMessages {
  skuTaken: string;
  itemMissing: string;
}

export const DEFAULT_STORE_MESSAGES: StoreMessages = {
  skuTaken: 'SKU sudah dipakai barang lain.',
  itemMissing: 'Barang tidak ditemukan atau sudah dihapus.',
};

export interface StoreOptions {
  now?: () => Date;
  newId?: () => string;
  messages?: Partial<StoreMessages>;
}

/** A write's clock, new id and messages, each the caller's or the default. */
function settingsOf(options: StoreOptions) {
  const now = (options.now ?? (() => new Date()))();
  const messages = { ...DEFAULT_STORE_MESSAGES, ...options.messages };
  return { now, at: now.toISOString(), newId: options.newId ?? newId, messages };
}

export type WriteOutcome = { ok: true } | { ok: false; errors: FieldErrors };
export type ItemWriteOutcome =
  { ok: true; id: string; changed: boolean } | { ok: false; errors: FieldErrors };
export type StockOutcome =
  { ok: true; id: string; stock: number; exceeded: boolean } | { ok: false; errors: FieldErrors };

/** Field errors found inside a transaction: thrown to abort it, caught below. */
class FieldProblem extends Error {
  constructor(readonly errors: FieldErrors) {
    super(Object.values(errors)[0]?.[0] ?? 'invalid');
  }
}

/**
 * The tables `enqueue` writes. Our read-then-enqueue runs in one outer transaction over the
 * same tables, so the row we read (the item's stock, the SKUs in use) cannot change before our
 * optimistic row based on it is written: two quick recordings never lose one another's delta.
 * enqueue's own transaction nests inside ours (same scope), so all of it commits or none does;
 * its "local write" signal fires slightly before our commit, which is harmless because the sync
 * trigger it wakes waits (debounced) and its push transaction queues behind ours anyway.
 */
function enqueueScope(db: UrsDatabase) {
  return [db.outbox, db.sync_state, db.shadows, db.meta, db.photos, ...db.entityTables()];
}

/**
 * Runs a write; field problems become `{ ok: false, errors }`. A quota failure of our outer
 * transaction surfaces only at its commit, after enqueue's own guard, so it is translated here.
 */
async function guarded<T>(run: () => Promise<T>): Promise<T | { ok: false; errors: FieldErrors }> {
  // `run` queues inside its own transaction: what enqueue checks with is loaded before it opens.
  await enqueueReady();
  try {
    return await withStorageGuard(run);
  } catch (err) {
    if (err instanceof FieldProblem) return { ok: false, errors: err.errors };
    if (err instanceof MutationValidationError) {
      return {
        ok: false,
        errors: Object.keys(err.errors).length > 0 ? err.errors : { _: [err.message] },
      };
    }
    throw err;
  }
}

async function assertSkuFree(
  db: UrsDatabase,
  sku: string | null | undefined,
  exceptId: string | null,
  message: string,
): Promise<void> {
  const wanted = normalizeSku(sku);
  if (wanted === null) return;
  const lower = wanted.toLowerCase();
  const clashes = await db.inventory_items
    .filter((item) => item.sku !== null && item.sku.trim().toLowerCase() === lower)
    .toArray();
  if (skuTaken(clashes, wanted, exceptId)) throw new FieldProblem({ sku: [message] });
}

/**
 * Records a usage (or a delivery, or a count correction): queues one `stock.record` and, in the
 * same transaction, shows its effect: the transaction row and the item's stock moved by it. An
 * `out` beyond the recorded stock is queued all the same (the server flags it for the admin).
 */
export async function recordStockUsage(
  db: UrsDatabase,
  userId: string,
  itemId: string,
  values: StockFormValues,
  options: StoreOptions = {},
): Promise<StockOutcome> {
  const { now, at, messages, ...ids } = settingsOf(options);
  const id = ids.newId();
  const checked = checkArgs('stock.record', stockRecordArgs(values, itemId, id, at));
  if (!checked.ok) return checked;
  const args = checked.args;
  return guarded(() =>
    db.transaction('rw', enqueueScope(db), async () => {
      const item = await db.inventory_items.get(itemId);
      if (item === undefined) throw new FieldProblem({ item_id: [messages.itemMissing] });
      const stock = stockAfter(item.stock, args.type, args.quantity);
      await enqueue(
        db,
        userId,
        'stock.record',
        args,
        [
          { entity: 'stock_transactions', op: 'put', row: transactionRow(args, userId, at) },
          { entity: 'inventory_items', op: 'put', row: { ...item, stock, updated_at: at } },
        ],
        { now: () => now },
      );
      return {
        ok: true as const,
        id,
        stock,
        exceeded: exceedsStock(item.stock, args.type, args.quantity),
      };
    }),
  );
}

/** Adds an item (with its opening stock) after checking its SKU against the device's items. */
export async function createItem(
  db: UrsDatabase,
  userId: string,
  values: ItemFormValues,
  options: StoreOptions = {},
): Promise<ItemWriteOutcome> {
  const { now, at, messages, ...ids } = settingsOf(options);
  const id = ids.newId();
  const checked = checkArgs('item.create', itemCreateArgs(values, id));
  if (!checked.ok) return checked;
  const args = checked.args;
  return guarded(() =>
    db.transaction('rw', enqueueScope(db), async () => {
      await assertSkuFree(db, args.sku, id, messages.skuTaken);
      await enqueue(
        db,
        userId,
        'item.create',
        args,
        [{ entity: 'inventory_items', op: 'put', row: createdItemRow(args, at) }],
        { now: () => now },
      );
      return { ok: true as const, id, changed: true };
    }),
  );
}

/**
 * Saves the fields the user changed, compared with `base` (the item as the form showed it), onto
 * the item as it is now: a field someone else changed meanwhile and this user left alone is
 * neither sent nor overwritten. `changed: false` (nothing queued) when nothing changed.
 */
export async function updateItem(
  db: UrsDatabase,
  userId: string,
  itemId: string,
  values: ItemFormValues,
  options: StoreOptions & { base?: InventoryItem } = {},
): Promise<ItemWriteOutcome> {
  const { now, at, messages } = settingsOf(options);
  return guarded(() =>
    db.transaction('rw', enqueueScope(db), async () => {
      const item = await db.inventory_items.get(itemId);
      if (item === undefined) throw new FieldProblem({ _: [messages.itemMissing] });
      const raw = itemUpdateArgs(options.base ?? item, values);
      if (raw === null) return { ok: true as const, id: itemId, changed: false };
      const checked = checkArgs('item.update', raw);
      if (!checked.ok) throw new FieldProblem(checked.errors);
      const args = checked.args;
      await assertSkuFree(db, args.sku, itemId, messages.skuTaken);
      await enqueue(
        db,
        userId,
        'item.update',
        args,
        [{ entity: 'inventory_items', op: 'put', row: updatedItemRow(item, args, at) }],
        { now: () => now },
      );
      return { ok: true as const, id: itemId, changed: true };
    }),
  );
}

/** Deletes an item; the list drops it at once. */
export async function deleteItem(
  db: UrsDatabase,
  userId: string,
  itemId: string,
  options: StoreOptions = {},
): Promise<WriteOutcome> {
  return guarded(async () => {
    await enqueue(
      db,
      userId,
      'item.delete',
      { id: itemId },
      [{ entity: 'inventory_items', op: 'delete', id: itemId }],
      options.now === undefined ? {} : { now: options.now },
    );
    return { ok: true as const };
  });
}

/** How far this user's usages of the item that the server has not accepted move its stock. */
async function openUsage(db: UrsDatabase, userId: string, itemId: string): Promise<number> {
  let delta = 0;
  await openEntriesFor(db, userId).each((entry) => {
    const check = checkMutation({ name: entry.mutation.name, args: entry.mutation.args });
    if (
      check.ok &&
      check.mutation.name === 'stock.record' &&
      check.mutation.args.item_id === itemId
    ) {
      delta += stockDelta(check.mutation.args.type, check.mutation.args.quantity);
    }
  });
  return delta;
}

/**
 * Sends a refused usage again, as it was recorded, at the end of the queue: after a corrected
 * `item.create` resent before it (the usual case: the new item's SKU was taken, so the server
 * did not know the item the usage was for), or without its area when the area is what the
 * server refused (deleted meanwhile). Without this, a refused usage could only be thrown away,
 * and with it what was used. The item's row, already showing the usage, stays as it is until
 * the server has it. Answers whether the area was left out.
 */
export async function resendStockUsage(
  db: UrsDatabase,
  userId: string,
  entryId: number,
  options: StoreOptions = {},
): Promise<{ ok: true; withoutArea: boolean } | { ok: false; errors: FieldErrors }> {
  const { now, messages } = settingsOf(options);
  const entry = await db.outbox.get(entryId);
  if (
    entry === undefined ||
    entry.status !== 'rejected' ||
    entry.user_id !== userId ||
    entry.mutation.name !== 'stock.record'
  ) {
    return { ok: false, errors: { _: [messages.itemMissing] } };
  }
  // Checked as it was recorded: one queued by an older version of the app may break a rule
  // added since (a quantity past MAX_QUANTITY), which is then what to say, not a missing item.
  const check = checkMutation({ name: 'stock.record', args: entry.mutation.args });
  if (!check.ok) return { ok: false, errors: refusalTexts(check.fields, check.reason) };
  if (check.mutation.name !== 'stock.record') {
    return { ok: false, errors: { _: [messages.itemMissing] } };
  }
  const recorded = check.mutation.args;
  const item = await db.inventory_items.get(recorded.item_id);
  if (item === undefined) return { ok: false, errors: { _: [messages.itemMissing] } };
  const withoutArea =
    (recorded.area_id ?? null) !== null &&
    (entry.result?.field_reasons?.['area_id'] ?? []).length > 0;
  const args = withoutArea ? { ...recorded, area_id: null } : recorded;
  return guarded(async () => {
    await retryRejected(
      db,
      userId,
      entryId,
      {
        args,
        optimistic: [
          {
            entity: 'stock_transactions',
            op: 'put',
            row: transactionRow(args, userId, args.occurred_at),
          },
          { entity: 'inventory_items', op: 'put', row: item },
        ],
      },
      { now: () => now },
    );
    return { ok: true as const, withoutArea };
  });
}

/**
 * Sends a create or update the server refused again, corrected by the user (the usual case: a
 * SKU another device took first). Same item id, so anything recorded against it stays linked.
 */
export async function retryRejectedItem(
  db: UrsDatabase,
  userId: string,
  entryId: number,
  values: ItemFormValues,
  options: StoreOptions = {},
): Promise<ItemWriteOutcome> {
  const { now, at, messages } = settingsOf(options);
  const entry = await db.outbox.get(entryId);
  if (entry === undefined || entry.status !== 'rejected' || entry.user_id !== userId) {
    return { ok: false, errors: { _: [messages.itemMissing] } };
  }
  const itemId = entry.entity_id;
  const current: InventoryItem | undefined = await db.inventory_items.get(itemId);
  // A create and an update are resent alike: SKU still free, corrected args, the item's new row.
  const resend = async (args: { sku?: string | null | undefined }, row: InventoryItem) => {
    await assertSkuFree(db, args.sku, itemId, messages.skuTaken);
    await retryRejected(
      db,
      userId,
      entryId,
      { args, optimistic: [{ entity: 'inventory_items', op: 'put', row }] },
      { now: () => now },
    );
    return { ok: true as const, id: itemId, changed: true };
  };
  return guarded(async () => {
    if (entry.mutation.name === 'item.create') {
      const checked = checkArgs('item.create', itemCreateArgs(values, itemId));
      if (!checked.ok) return checked;
      // The opening stock, moved by the usages recorded against the item and not yet sent
      // (pending, or refused with it and to be sent again after it).
      const row = createdItemRow(checked.args, at);
      return resend(checked.args, {
        ...row,
        stock: row.stock + (await openUsage(db, userId, itemId)),
      });
    }
    if (entry.mutation.name === 'item.update' && current !== undefined) {
      // Only the fields the refused edit changed and those changed in the fix: the row shown
      // is the device's, and a field left alone must not overwrite what someone else (an
      // admin's new minimum, say) changed on the server meanwhile.
      const full = itemFullUpdateArgs(values, itemId);
      const refused = entry.mutation.args;
      const keys = new Set([
        ...(typeof refused === 'object' && refused !== null ? Object.keys(refused) : []),
        ...Object.keys(itemUpdateArgs(current, values) ?? {}),
      ]);
      const fields = Object.entries(full).filter(([key]) => key !== 'id' && keys.has(key));
      const checked = checkArgs('item.update', { id: itemId, ...Object.fromEntries(fields) });
      if (!checked.ok) return checked;
      return resend(checked.args, updatedItemRow(current, checked.args, at));
    }
    return { ok: false as const, errors: { _: [messages.itemMissing] } };
  });
}
