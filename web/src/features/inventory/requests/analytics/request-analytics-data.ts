import { deviceCalendarDay } from '../../../../lib/calendar-date.js';
import { formatNumber } from '../../../../lib/format.js';
import { type RequestEntry } from '../list/requests-list.js';

/** The spec's window for request activity. */
export const ACTIVITY_DAYS = 30;
const TOP_ITEMS = 5;

export interface RequestedItem {
  name: string | null;
  /** The stock item's unit; null for a custom request (or an item not on the device). */
  unit: string | null;
  requests: number;
  quantity: number;
}

export interface RequestActivity {
  /** The window's first and last calendar days (`YYYY-MM-DD`, device time zone). */
  from: string;
  to: string;
  total: number;
  dailyAverage: number;
  /** Approved of decided, in percent; null while nothing in the window is decided. */
  approvalRate: number | null;
  mostRequested: RequestedItem[];
}

/**
 * The requests tab's 30-day activity, counted from the device's requests (pull gives staff their
 * own and admins all, as the server's figures would cover), so a request filed a moment ago,
 * even one still waiting in the outbox, counts at once and the card works offline.
 */
export function requestActivity(entries: readonly RequestEntry[], now: Date): RequestActivity {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (ACTIVITY_DAYS - 1));
  const since = start.getTime();
  let approved = 0;
  let rejected = 0;
  let total = 0;
  const byItem = new Map<string, RequestedItem>();
  for (const { request, itemName, unit } of entries) {
    if (Date.parse(request.created_at) < since) continue;
    total += 1;
    if (request.status === 'approved') approved += 1;
    if (request.status === 'rejected') rejected += 1;
    // One stock item, or one custom name up to case.
    const key =
      request.type === 'stock'
        ? `item ${request.item_id ?? ''}`
        : `custom ${(request.custom_name ?? '').toLowerCase()}`;
    const item = byItem.get(key) ?? { name: itemName, unit, requests: 0, quantity: 0 };
    item.requests += 1;
    item.quantity += request.quantity;
    byItem.set(key, item);
  }
  const decided = approved + rejected;
  return {
    from: deviceCalendarDay(start),
    to: deviceCalendarDay(now),
    total,
    dailyAverage: total / ACTIVITY_DAYS,
    approvalRate: decided === 0 ? null : (approved / decided) * 100,
    mostRequested: [...byItem.values()]
      .sort((a, b) => b.requests - a.requests || b.quantity - a.quantity)
      .slice(0, TOP_ITEMS),
  };
}

/**
 * A daily average to one decimal; a few requests a month would round to a misleading 0, so
 * anything above nothing but under 0.1 reads "<0,1" ("<0.1" in English).
 */
export function dailyAverageText(average: number, language: string): string {
  if (average > 0 && average < 0.1) return `<${formatNumber(0.1, language)}`;
  return formatNumber(average, language);
}
