import {
  STOCK_HISTORY_DAYS_ON_DEVICE,
  type StockTransaction,
  type TransactionType,
} from '@urs/sync-protocol';
import { stockDelta } from '../stock-numbers.js';

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
