import type { InventoryItem } from '@urs/sync-protocol';
import { db } from '../../../../db/index.js';
import { confirmDiscardRefused } from '../../../../client/confirm-discard.js';
import { confirmDialog } from '../../../../client/dialog.js';
import { t } from '../../../../lib/i18n.js';
import { toast } from '../../../../client/toast.js';
import { discardRejected, seemsOnline } from '../../../../sync/index.js';
import { itemsKey } from '../items-i18n.js';
import type { FieldErrors } from '../form/item-args.js';
import type { ItemFormValues } from '../form/item-form-logic.js';
import type { StockFormValues } from '../form/stock-form-logic.js';
import {
  createItem,
  deleteItem,
  recordStockUsage,
  resendStockUsage,
  retryRejectedItem,
  updateItem,
  type StoreMessages,
} from './items-store.js';

/*
 * The screen's side of the writes: the app database, the spec's toasts (§8) and translated
 * messages around the store functions. Each returns field errors for a form, or null when done.
 */

const tx = (key: string, options?: Record<string, unknown>) => t(itemsKey(key), options);

function storeMessages(): StoreMessages {
  return { skuTaken: tx('skuTaken'), itemMissing: tx('itemMissing') };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function savedDetail(): string | undefined {
  return seemsOnline() ? undefined : tx('queuedOffline');
}

export type ItemFormMode =
  | { kind: 'create' }
  | { kind: 'edit'; item: InventoryItem }
  | { kind: 'fix'; entryId: number; item: InventoryItem | null };

/** Saves the item form; on success returns the item id. */
export async function saveItemForm(
  userId: string,
  mode: ItemFormMode,
  values: ItemFormValues,
): Promise<{ errors: FieldErrors } | { id: string }> {
  const options = { messages: storeMessages() };
  try {
    const outcome =
      mode.kind === 'create'
        ? await createItem(db, userId, values, options)
        : mode.kind === 'edit'
          ? await updateItem(db, userId, mode.item.id, values, { ...options, base: mode.item })
          : await retryRejectedItem(db, userId, mode.entryId, values, options);
    if (!outcome.ok) return { errors: outcome.errors };
    if (!outcome.changed) toast.info(tx('form.noChanges'));
    else toast.success(tx(mode.kind === 'create' ? 'created' : 'saved'), savedDetail());
    return { id: outcome.id };
  } catch (err) {
    const message = messageOf(err);
    toast.error(tx('saveFailed'), message);
    return { errors: { _: [message] } };
  }
}

/** Asks 'Hapus barang <name>?' and queues the delete. True when the item was deleted. */
export async function confirmAndDeleteItem(userId: string, item: InventoryItem): Promise<boolean> {
  const ok = await confirmDialog({
    title: tx('deleteTitle', { name: item.name }),
    text: tx('deleteText'),
    icon: 'warning',
    confirmLabel: tx('deleteConfirm'),
    cancelLabel: tx('cancel'),
    danger: true,
  });
  if (!ok) return false;
  try {
    const outcome = await deleteItem(db, userId, item.id);
    if (!outcome.ok) {
      toast.error(tx('deleteFailed'), Object.values(outcome.errors).flat().join(' '));
      return false;
    }
    toast.success(tx('deleted'), savedDetail());
    return true;
  } catch (err) {
    toast.error(tx('deleteFailed'), messageOf(err));
    return false;
  }
}

/** Queues a stock transaction; the item's stock on screen moves at once. */
export async function saveStockForm(
  userId: string,
  item: InventoryItem,
  values: StockFormValues,
): Promise<FieldErrors | null> {
  try {
    const outcome = await recordStockUsage(db, userId, item.id, values, {
      messages: storeMessages(),
    });
    if (!outcome.ok) return outcome.errors;
    toast.success(
      tx('recorded'),
      tx('recordedStock', { name: item.name, stock: outcome.stock, unit: item.unit }),
    );
    return null;
  } catch (err) {
    const message = messageOf(err);
    toast.error(tx('recordFailed'), message);
    return { _: [message] };
  }
}

/** Sends a refused usage again as recorded (without its area when that was refused). */
export async function resendStockChange(userId: string, entryId: number): Promise<void> {
  try {
    const outcome = await resendStockUsage(db, userId, entryId, { messages: storeMessages() });
    if (!outcome.ok) {
      toast.error(tx('recordFailed'), Object.values(outcome.errors).flat().join(' '));
      return;
    }
    toast.success(tx(outcome.withoutArea ? 'detail.resentWithoutArea' : 'detail.resent'));
  } catch (err) {
    toast.error(tx('recordFailed'), messageOf(err));
  }
}

/**
 * Drops a change the server refused, after asking; the server's version of the rows comes back.
 * `what` names the item in the confirmation.
 */
export async function discardItemChange(
  userId: string,
  entryId: number,
  what: string,
): Promise<void> {
  if (!(await confirmDiscardRefused(what))) return;
  try {
    await discardRejected(db, userId, entryId);
    toast.success(tx('detail.discarded'));
  } catch (err) {
    toast.error(tx('saveFailed'), messageOf(err));
  }
}
