import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { db as appDb, type UrsDatabase } from '../../db/index.js';
import { startOfWeek, summarize, type DashboardSummary } from './dashboard-stats.js';

const DAY_MS = 86_400_000;

/**
 * The dashboard's figures from the device's reports. A staff member's are their own, few enough
 * to read whole. An admin's device holds every report of the school (about 10,000 after a year),
 * so reading them all on every change took tens of milliseconds at start and grew with every
 * month; the totals are counted on the indexes instead and only the recent reports are read.
 * "Recent" starts a day before the week and the last seven days, so a filing time written with
 * any time-zone offset still lands on the right side of the exact comparison summarize makes.
 */
export async function loadDashboardSummary(
  db: UrsDatabase,
  viewer: { userId: string; isAdmin: boolean },
  now: Date,
): Promise<DashboardSummary> {
  if (!viewer.isAdmin) {
    const own = await db.reports
      .where('[reporter_id+reported_at]')
      .between([viewer.userId, Dexie.minKey], [viewer.userId, Dexie.maxKey])
      .toArray();
    return summarize(own, now);
  }
  const since = Math.min(startOfWeek(now).getTime(), now.getTime() - 7 * DAY_MS) - DAY_MS;
  // One read transaction: the counts and the recent reports are of the same moment.
  return db.transaction('r', db.reports, async () => {
    const [total, completed, recent] = await Promise.all([
      db.reports.count(),
      db.reports.where('status').equals('completed').count(),
      db.reports.where('reported_at').aboveOrEqual(new Date(since).toISOString()).toArray(),
    ]);
    return { ...summarize(recent, now), total, completed };
  });
}

/**
 * The signed-in user's figures (live); null while signed out, undefined while loading. `today`
 * changes at midnight, so the week's figures move on without a write.
 */
export function useDashboardSummary(
  userId: string | null,
  isAdmin: boolean,
  today: string,
): DashboardSummary | null | undefined {
  return useLiveQuery(
    () => (userId === null ? null : loadDashboardSummary(appDb, { userId, isAdmin }, new Date())),
    [userId, isAdmin, today],
  );
}
