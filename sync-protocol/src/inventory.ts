import { z } from './zod.js';
import { listQuerySchema } from './pagination.js';
import { INVENTORY_FILTERS } from './vocabulary.js';

export { INVENTORY_FILTERS } from './vocabulary.js';

export const STOCK_LEVELS = ['healthy', 'warning', 'critical'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/**
 * The stock level label (spec §4), one rule for server lists, exports and the device:
 * - critical: nothing left (stock <= 0), or at most half the minimum;
 * - warning: at or below the minimum stock;
 * - healthy: above the minimum.
 * An item with minimum 0 is critical only when it runs out.
 */
export function stockLevel(item: { stock: number; min_stock: number }): StockLevel {
  if (item.stock <= 0 || (item.min_stock > 0 && item.stock <= Math.floor(item.min_stock / 2))) {
    return 'critical';
  }
  return item.stock <= item.min_stock ? 'warning' : 'healthy';
}

/**
 * "Low stock" as the inventory filter and summary count it: warning or critical, active only,
 * and only for an item whose stock is tracked ("Lacak stok barang ini" off: nobody counts it,
 * so its number says nothing about running out).
 */
export function isLowStock(item: {
  stock: number;
  min_stock: number;
  active: boolean;
  trackable?: boolean;
}): boolean {
  return item.active && item.trackable !== false && stockLevel(item) !== 'healthy';
}

export const inventoryListQuerySchema = listQuerySchema.extend({
  filter: z.enum(INVENTORY_FILTERS).default('all'),
});
export type InventoryListQuery = z.infer<typeof inventoryListQuerySchema>;

export interface InventorySummary {
  total_items: number;
  low_stock: number;
  inactive: number;
  total_quantity: number;
}

/**
 * How much stock history a device keeps for offline use. Item stock travels with the item, so
 * older transactions are never needed to show it; the full history is read online, paged.
 */
export const STOCK_HISTORY_DAYS_ON_DEVICE = 90;
