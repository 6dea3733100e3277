import {
  INVENTORY_FILTERS,
  STOCK_HISTORY_DAYS_ON_DEVICE,
  checkMutation,
  isLowStock,
  type InventoryItem,
  type InventorySummary,
  type MutationArgs,
  type MutationName,
  type ParsedMutationArgs,
  type Role,
  type StockTransaction,
  type TransactionType,
} from '@urs/sync-protocol';
import type { OutboxEntry } from '../../../db/database.js';
import { buildQuery } from '../../../lib/admin-kit.js';
import { concerns, waitingMarks, type SyncMark } from '../../../sync/index.js';

/*
 * The items tab's rules, free of React and Dexie so they are tested on their own: the list
 * state in the URL, search and filters, the summary cards, the sync marks, the optimistic stock
 * arithmetic and the form -> mutation args conversions.
 */

export type InventoryFilter = (typeof INVENTORY_FILTERS)[number];
export const ITEMS_PER_PAGE = 25;
export const MAX_SEARCH_LENGTH = 200;

/** Roles that may add, edit and delete items (the server's 'items.manage'). */
const ITEM_KEEPERS: readonly Role[] = ['admin', 'inventory_staff'];

export function canManageItems(role: Role | null | undefined): boolean {
  return role !== null && role !== undefined && ITEM_KEEPERS.includes(role);
}

// ---------- URL state ----------

/** What the items tab keeps in the URL: `/inventory?q=sapu&filter=low_stock&page=2&item=<id>`. */
export interface ItemsListState {
  q: string;
  filter: InventoryFilter;
  page: number;
  /** The item whose detail is open, or null for the list. */
  item: string | null;
}

export const EMPTY_ITEMS_STATE: ItemsListState = { q: '', filter: 'all', page: 1, item: null };

function isFilter(value: string | null): value is InventoryFilter {
  return INVENTORY_FILTERS.some((filter) => filter === value);
}

/** Reads the list state from a query string; a bad value (a typo in a shared link) is dropped. */
export function listStateFromSearch(search: string): ItemsListState {
  const params = new URLSearchParams(search);
  const rawFilter = params.get('filter');
  const pageNumber = Number(params.get('page'));
  const item = params.get('item')?.trim() ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    filter: isFilter(rawFilter) ? rawFilter : 'all',
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1,
    item: item !== '' && item.length <= 64 ? item : null,
  };
}

/** The `/inventory` href of a state; defaults are left out and `tab` never appears. */
export function hrefFromListState(state: ItemsListState): string {
  return `/inventory${buildQuery({
    q: state.q,
    filter: state.filter === 'all' ? undefined : state.filter,
    page: state.page > 1 ? state.page : undefined,
    item: state.item,
  })}`;
}

// ---------- List, search, summary ----------

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

// ---------- Sync marks ----------

export interface SyncMarks {
  items: Map<string, SyncMark>;
  transactions: Map<string, SyncMark>;
}

/**
 * Items and transactions with a change the server has not accepted yet: the item's own
 * mutations, stock transactions of it, and any entry whose optimistic write touched its row.
 */
export function syncMarks(
  entries: readonly Pick<OutboxEntry, 'entity' | 'entity_id' | 'mutation' | 'rows' | 'status'>[],
): SyncMarks {
  return {
    items: waitingMarks(entries, 'inventory_items'),
    transactions: waitingMarks(entries, 'stock_transactions'),
  };
}

/** The outbox entries that concern one item (its own, and its stock transactions'). */
export function entriesForItem<T extends Pick<OutboxEntry, 'entity' | 'entity_id' | 'mutation'>>(
  entries: readonly T[],
  itemId: string,
): T[] {
  return entries.filter((entry) => concerns(entry, 'inventory_items', itemId));
}

// ---------- Numbers ----------

/**
 * A whole number typed by a person ("12", "-3", " 4 "); NaN for anything else, so the contract
 * answers with its own message ("Jumlah harus berupa angka."). A decimal stays a decimal, so the
 * contract can say it must be whole rather than silently rounding it.
 */
export function parseWholeNumber(text: string): number {
  const value = text.trim().replace(',', '.');
  if (/^[+-]?\d+$/.test(value)) return Number(value);
  if (/^[+-]?\d*\.\d+$/.test(value)) return Number(value);
  return Number.NaN;
}

/** How a transaction moves the stock: in adds, out takes away, an adjustment is its signed delta. */
export function stockDelta(type: TransactionType, quantity: number): number {
  return type === 'out' ? -quantity : quantity;
}

/** The stock after the transaction, as the device will show it until the server answers. */
export function stockAfter(stock: number, type: TransactionType, quantity: number): number {
  return stock + stockDelta(type, quantity);
}

/** An `out` beyond the recorded stock: allowed (offline we cannot know better) but warned about. */
export function exceedsStock(stock: number, type: TransactionType, quantity: number): boolean {
  return type === 'out' && Number.isFinite(quantity) && quantity > stock;
}

// ---------- Checking args against the contract ----------

export type FieldErrors = Record<string, string[]>;
export type Checked<N extends MutationName> =
  { ok: true; args: ParsedMutationArgs<N> } | { ok: false; errors: FieldErrors };

/** The contract's verdict on a mutation's args: the normalised args, or errors per field. */
export function checkArgs<N extends MutationName>(name: N, args: MutationArgs<N>): Checked<N> {
  const check = checkMutation({ name, args });
  if (!check.ok) {
    const errors = check.errors ?? {};
    return { ok: false, errors: Object.keys(errors).length > 0 ? errors : { _: [check.message] } };
  }
  // checkMutation parsed with MUTATION_ARGS[name], so the args are this mutation's.
  return { ok: true, args: check.mutation.args as ParsedMutationArgs<N> };
}

// ---------- Item form ----------

export interface ItemFormValues {
  name: string;
  sku: string;
  unit: string;
  /** Opening stock; create only. */
  stock: string;
  min_stock: string;
  description: string;
  active: boolean;
  trackable: boolean;
}

export const EMPTY_ITEM_FORM: ItemFormValues = {
  name: '',
  sku: '',
  unit: '',
  stock: '0',
  min_stock: '0',
  description: '',
  active: true,
  trackable: true,
};

export function itemFormFrom(item: InventoryItem): ItemFormValues {
  return {
    name: item.name,
    sku: item.sku ?? '',
    unit: item.unit,
    stock: String(item.stock),
    min_stock: String(item.min_stock),
    description: item.description ?? '',
    active: item.active,
    trackable: item.trackable,
  };
}

/** The form of a refused create/update, refilled from the args the server refused. */
export function itemFormFromArgs(args: unknown, fallback: ItemFormValues): ItemFormValues {
  const text = (key: keyof ItemFormValues) => {
    const value: unknown =
      typeof args === 'object' && args !== null ? Reflect.get(args, key) : undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    if (value === null) return '';
    const kept = fallback[key];
    return typeof kept === 'string' ? kept : '';
  };
  const flag = (key: 'active' | 'trackable') => {
    const value: unknown =
      typeof args === 'object' && args !== null ? Reflect.get(args, key) : undefined;
    return typeof value === 'boolean' ? value : fallback[key];
  };
  return {
    name: text('name'),
    sku: text('sku'),
    unit: text('unit'),
    stock: text('stock'),
    min_stock: text('min_stock'),
    description: text('description'),
    active: flag('active'),
    trackable: flag('trackable'),
  };
}

/** Blank SKU means "none"; otherwise trimmed. */
export function normalizeSku(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  return value === '' ? null : value;
}

/** Another item (not `exceptId`) already carries this SKU, compared without case as the server does. */
export function skuTaken(
  items: Iterable<Pick<InventoryItem, 'id' | 'sku'>>,
  sku: string | null,
  exceptId: string | null,
): boolean {
  if (sku === null) return false;
  const wanted = sku.toLowerCase();
  for (const item of items) {
    if (item.id !== exceptId && item.sku !== null && item.sku.trim().toLowerCase() === wanted) {
      return true;
    }
  }
  return false;
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text);

export function itemCreateArgs(values: ItemFormValues, id: string): MutationArgs<'item.create'> {
  return {
    id,
    name: values.name,
    sku: normalizeSku(values.sku),
    unit: values.unit,
    stock: values.stock.trim() === '' ? 0 : parseWholeNumber(values.stock),
    min_stock: values.min_stock.trim() === '' ? 0 : parseWholeNumber(values.min_stock),
    description: blankToNull(values.description),
    active: values.active,
    trackable: values.trackable,
  };
}

/** Every editable field, for a retry of a refused update (the device no longer knows the base). */
export function itemFullUpdateArgs(
  values: ItemFormValues,
  id: string,
): MutationArgs<'item.update'> {
  return {
    id,
    name: values.name,
    sku: normalizeSku(values.sku),
    unit: values.unit,
    min_stock: values.min_stock.trim() === '' ? 0 : parseWholeNumber(values.min_stock),
    description: blankToNull(values.description),
    active: values.active,
    trackable: values.trackable,
  };
}

/**
 * Only the fields the user changed, so an edit never overwrites another person's concurrent
 * change to a field this user left alone (the server applies fields one by one). Null when
 * nothing changed.
 */
export function itemUpdateArgs(
  item: InventoryItem,
  values: ItemFormValues,
): MutationArgs<'item.update'> | null {
  const full = itemFullUpdateArgs(values, item.id);
  const args: MutationArgs<'item.update'> = { id: item.id };
  let changed = false;
  if ((full.name ?? '').trim() !== item.name) {
    args.name = full.name;
    changed = true;
  }
  if ((full.sku ?? null) !== item.sku) {
    args.sku = full.sku;
    changed = true;
  }
  if ((full.unit ?? '').trim() !== item.unit) {
    args.unit = full.unit;
    changed = true;
  }
  if (full.min_stock !== item.min_stock) {
    args.min_stock = full.min_stock;
    changed = true;
  }
  if ((full.description?.trim() || null) !== item.description) {
    args.description = full.description;
    changed = true;
  }
  if (full.active !== item.active) {
    args.active = full.active;
    changed = true;
  }
  if (full.trackable !== item.trackable) {
    args.trackable = full.trackable;
    changed = true;
  }
  return changed ? args : null;
}

/** The row a new item shows at once: its opening stock included, as the server will record it. */
export function createdItemRow(args: ParsedMutationArgs<'item.create'>, at: string): InventoryItem {
  return {
    id: args.id,
    name: args.name,
    sku: args.sku ?? null,
    unit: args.unit,
    stock: args.stock,
    min_stock: args.min_stock,
    description: args.description ?? null,
    active: args.active,
    trackable: args.trackable,
    created_at: at,
    updated_at: at,
  };
}

export function updatedItemRow(
  item: InventoryItem,
  args: ParsedMutationArgs<'item.update'>,
  at: string,
): InventoryItem {
  return {
    ...item,
    ...(args.name !== undefined && { name: args.name }),
    ...(args.sku !== undefined && { sku: args.sku }),
    ...(args.unit !== undefined && { unit: args.unit }),
    ...(args.min_stock !== undefined && { min_stock: args.min_stock }),
    ...(args.description !== undefined && { description: args.description }),
    ...(args.active !== undefined && { active: args.active }),
    ...(args.trackable !== undefined && { trackable: args.trackable }),
    updated_at: at,
  };
}

// ---------- Stock transaction form ----------

export interface StockFormValues {
  type: TransactionType;
  quantity: string;
  notes: string;
  /** '' = no area. */
  area_id: string;
}

export const EMPTY_STOCK_FORM: StockFormValues = {
  type: 'out',
  quantity: '',
  notes: '',
  area_id: '',
};

export function stockRecordArgs(
  values: StockFormValues,
  itemId: string,
  id: string,
  occurredAt: string,
): MutationArgs<'stock.record'> {
  return {
    id,
    item_id: itemId,
    type: values.type,
    quantity: parseWholeNumber(values.quantity),
    notes: blankToNull(values.notes),
    area_id: values.area_id === '' ? null : values.area_id,
    occurred_at: occurredAt,
  };
}

export function transactionRow(
  args: ParsedMutationArgs<'stock.record'>,
  recordedBy: string,
  at: string,
): StockTransaction {
  return {
    id: args.id,
    item_id: args.item_id,
    type: args.type,
    quantity: args.quantity,
    notes: args.notes ?? null,
    area_id: args.area_id ?? null,
    recorded_by: recordedBy,
    occurred_at: args.occurred_at,
    created_at: at,
    updated_at: at,
  };
}

// ---------- Item detail ----------

/** Newest first; ties broken by id (UUIDv7 ids sort by creation). */
export function newestFirst<T extends Pick<StockTransaction, 'occurred_at' | 'id'>>(
  transactions: readonly T[],
): T[] {
  return [...transactions].sort((a, b) =>
    a.occurred_at === b.occurred_at
      ? b.id.localeCompare(a.id)
      : Date.parse(b.occurred_at) - Date.parse(a.occurred_at),
  );
}

export interface LocalMetrics {
  /** Transactions within the window. */
  count: number;
  totalIn: number;
  totalOut: number;
  /** Net of adjustments within the window. */
  adjusted: number;
  last: StockTransaction | null;
}

/** In/out totals over the device's window of history (90 days), and the newest transaction. */
export function localMetrics(
  transactions: readonly StockTransaction[],
  now: Date,
  days = STOCK_HISTORY_DAYS_ON_DEVICE,
): LocalMetrics {
  const since = now.getTime() - days * 86_400_000;
  const metrics: LocalMetrics = { count: 0, totalIn: 0, totalOut: 0, adjusted: 0, last: null };
  let lastAt = Number.NEGATIVE_INFINITY;
  for (const tx of transactions) {
    const at = Date.parse(tx.occurred_at);
    if (Number.isNaN(at)) continue;
    if (at > lastAt || (at === lastAt && metrics.last !== null && tx.id > metrics.last.id)) {
      lastAt = at;
      metrics.last = tx;
    }
    if (at < since) continue;
    metrics.count += 1;
    if (tx.type === 'in') metrics.totalIn += tx.quantity;
    else if (tx.type === 'out') metrics.totalOut += tx.quantity;
    else metrics.adjusted += tx.quantity;
  }
  return metrics;
}

export interface RecentArea {
  area_id: string;
  last_used_at: string;
  uses: number;
}

/** Areas the item went out to, most recently used first. */
export function recentAreas(transactions: readonly StockTransaction[], limit = 5): RecentArea[] {
  const byArea = new Map<string, RecentArea>();
  for (const tx of transactions) {
    if (tx.type !== 'out' || tx.area_id === null) continue;
    const seen = byArea.get(tx.area_id);
    if (seen === undefined) {
      byArea.set(tx.area_id, { area_id: tx.area_id, last_used_at: tx.occurred_at, uses: 1 });
      continue;
    }
    seen.uses += 1;
    if (Date.parse(tx.occurred_at) > Date.parse(seen.last_used_at))
      seen.last_used_at = tx.occurred_at;
  }
  return [...byArea.values()]
    .sort((a, b) => Date.parse(b.last_used_at) - Date.parse(a.last_used_at))
    .slice(0, limit);
}

/** "+5", "−3", as a transaction moves the stock. */
export function signedQuantity(type: TransactionType, quantity: number): string {
  const delta = stockDelta(type, quantity);
  return delta > 0 ? `+${delta}` : delta < 0 ? `\u2212${Math.abs(delta)}` : '0';
}
