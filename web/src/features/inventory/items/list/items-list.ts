import { isLowStock, type InventoryItem, type InventorySummary } from '@urs/sync-protocol';
import { type InventoryFilter } from './items-search.js';

/**
 * The four summary cards in one pass over the device's items. Same rules as the server's
 * summary: low stock counts active items only, total quantity ignores negative stock.
 */
export function summarizeItems(items: readonly InventoryItem[]): InventorySummary {
  let low = 0;
  let inactive = 0;
  let quantity = 0;
  for (const item of items) {
    if (isLowStock(item)) low += 1;
    if (!item.active) inactive += 1;
    if (item.stock > 0) quantity += item.stock;
  }
  return { total_items: items.length, low_stock: low, inactive, total_quantity: quantity };
}

const collator = new Intl.Collator('id', { sensitivity: 'base', numeric: true });

/** A copy sorted by name as people read it (case and accents ignored, "2" before "10"). */
export function sortItemsByName(items: readonly InventoryItem[]): InventoryItem[] {
  return [...items].sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

/** True when the item's name or SKU contains the search text, ignoring case. */
export function itemMatches(item: InventoryItem, needle: string): boolean {
  if (needle === '') return true;
  return (
    item.name.toLowerCase().includes(needle) ||
    (item.sku !== null && item.sku.toLowerCase().includes(needle))
  );
}

export function matchesFilter(item: InventoryItem, filter: InventoryFilter): boolean {
  if (filter === 'low_stock') return isLowStock(item);
  if (filter === 'inactive') return !item.active;
  return true;
}

/** The items the list shows, in the order given. */
export function filterItems(
  items: readonly InventoryItem[],
  q: string,
  filter: InventoryFilter,
): InventoryItem[] {
  const needle = q.trim().toLowerCase();
  return items.filter((item) => matchesFilter(item, filter) && itemMatches(item, needle));
}
