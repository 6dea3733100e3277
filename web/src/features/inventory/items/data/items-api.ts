import { STOCK_LEVELS, inventoryItemSchema, stockTransactionSchema, z } from '@urs/sync-protocol';
import {
  buildQuery,
  parseOne,
  parsePaged,
  type PagedAnswer,
} from '../../../../client/admin-kit.js';
import { api } from '../../../../client/api.js';
import { downloadFile } from '../../../../client/download.js';
import type { InventoryFilter } from '../list/items-search.js';

/*
 * The items tab's online reads (api/src/services/inventory.ts): an item's full history, the
 * server's view of one item, the admin's flagged transactions, and the Excel export. Everything
 * else the tab shows comes from the device.
 */

/** A row of `itemHistory`: the transaction plus who recorded it, the area's name and a flag. */
export const historyEntrySchema = stockTransactionSchema.extend({
  recorded_by_name: z.string(),
  area_name: z.string().nullable(),
  flag: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const flaggedEntrySchema = historyEntrySchema.extend({ item_name: z.string() });
export type FlaggedEntry = z.infer<typeof flaggedEntrySchema>;

export const itemDetailSchema = z.object({
  item: inventoryItemSchema.extend({ level: z.enum(STOCK_LEVELS) }),
  metrics: z.object({
    transactions: z.number(),
    in_30d: z.number(),
    out_30d: z.number(),
    last_transaction: stockTransactionSchema.nullable(),
  }),
  recent_areas: z.array(z.object({ id: z.string(), name: z.string(), last_used_at: z.string() })),
});
export type ServerItemDetail = z.infer<typeof itemDetailSchema>;

export const HISTORY_PER_PAGE = 20;
export const FLAGGED_PER_PAGE = 10;

const itemPath = (id: string) => `api/inventory/items/${encodeURIComponent(id)}`;

async function fetchPage<T>(path: string, page: number, perPage: number, schema: z.ZodType<T>) {
  const body = await api.json('GET', `${path}${buildQuery({ page, per_page: perPage })}`);
  return parsePaged(body, schema);
}

export function fetchItemHistory(
  itemId: string,
  page: number,
  perPage = HISTORY_PER_PAGE,
): Promise<PagedAnswer<HistoryEntry>> {
  return fetchPage(`${itemPath(itemId)}/transactions`, page, perPage, historyEntrySchema);
}

export async function fetchItemDetail(itemId: string): Promise<ServerItemDetail> {
  return parseOne(await api.json('GET', itemPath(itemId)), itemDetailSchema);
}

export function fetchFlagged(
  page: number,
  perPage = FLAGGED_PER_PAGE,
): Promise<PagedAnswer<FlaggedEntry>> {
  return fetchPage('api/inventory/flagged-transactions', page, perPage, flaggedEntrySchema);
}

export const EXPORT_FALLBACK_NAME = 'inventaris.xlsx';

/** The export path for the list as filtered on screen. */
export function exportPath(q: string, filter: InventoryFilter): string {
  return `api/inventory/items/export${buildQuery({ q, filter })}`;
}

/** Downloads the Excel export of the list as filtered on screen; returns the file name. */
export function downloadItemsExport(q: string, filter: InventoryFilter): Promise<string> {
  return downloadFile(exportPath(q, filter), EXPORT_FALLBACK_NAME);
}
