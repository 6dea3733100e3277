import type { Report } from '@urs/sync-protocol';

const DAY_MS = 86_400_000;

/** Monday 00:00 of the week holding `now`, in the device's time zone (the school's). */
export function startOfWeek(now: Date): Date {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const sinceMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - sinceMonday);
  return start;
}

export interface DashboardSummary {
  week: { total: number; pending: number; completed: number };
  total: number;
  completed: number;
  /** Reports of the last seven days, newest first. */
  latest: Report[];
}

/**
 * The dashboard's numbers from the reports on the device (a staff member's own; all for admin),
 * by when each was filed on the device: work done offline on Friday is Friday's, whenever it
 * reached the server.
 */
export function summarize(
  reports: readonly Report[],
  now: Date,
  latestLimit = 5,
): DashboardSummary {
  const weekStart = startOfWeek(now).getTime();
  const sevenDaysAgo = now.getTime() - 7 * DAY_MS;
  const week = { total: 0, pending: 0, completed: 0 };
  let completed = 0;
  const recent: Report[] = [];
  for (const report of reports) {
    const filed = Date.parse(report.reported_at);
    if (report.status === 'completed') completed += 1;
    if (filed >= weekStart) {
      week.total += 1;
      if (report.status === 'pending') week.pending += 1;
      if (report.status === 'completed') week.completed += 1;
    }
    if (filed >= sevenDaysAgo) recent.push(report);
  }
  recent.sort((a, b) => b.reported_at.localeCompare(a.reported_at));
  return { week, total: reports.length, completed, latest: recent.slice(0, latestLimit) };
}
