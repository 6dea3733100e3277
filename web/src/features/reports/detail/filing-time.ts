import type { Report } from '@urs/sync-protocol';

/**
 * How far apart filing and receipt must be before the detail shows both: a report synced a
 * minute or two after it was filed needs only one time; one that waited in a dead zone for
 * hours or days shows when it reached the server too.
 */
export const LATE_ARRIVAL_MS = 10 * 60_000;

/** True when the server received the report noticeably after it was filed on the device. */
export function arrivedLate(report: Pick<Report, 'reported_at' | 'created_at'>): boolean {
  const filed = Date.parse(report.reported_at);
  const received = Date.parse(report.created_at);
  return Math.abs(received - filed) >= LATE_ARRIVAL_MS;
}
