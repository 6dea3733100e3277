import { and, count, gte, inArray, isNull, lt, max, sql, sum } from 'drizzle-orm';
import type { SchoolOverviewRow } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { overdueSql } from '../db/job-sql.js';
import {
  itemRequests,
  reportDays,
  reports,
  reportTotals,
  syncClients,
  users,
} from '../db/schema.js';
import { localDate, scopeRange, type SchoolClock } from '../lib/school-time.js';
import { ensureTallies } from './report-tallies.js';
import { listSchools } from './schools.js';

/*
 * The district view (issue 39): per school, one grouped query per figure, each reading the
 * school-led indexes; reports this month and open work from the kept counts (decision 034). Overdue is the jobs' own (decision 028, the contract's isOverdue in the
 * school's calendar), no longer decision 027's stand-in of open work filed a week ago.
 */

type Counts = Map<string, number>;

async function grouped(
  rows: Promise<{ schoolId: string | null; n: number | string | null }[]>,
): Promise<Counts> {
  const counts: Counts = new Map();
  for (const row of await rows) if (row.schoolId !== null) counts.set(row.schoolId, Number(row.n));
  return counts;
}

export async function districtOverview(
  db: Db,
  clock: SchoolClock,
  now = new Date(),
): Promise<SchoolOverviewRow[]> {
  const month = scopeRange('this_month', now, clock);
  // Local dates of the month's first day and the next month's, for the kept daily counts.
  const monthFrom = localDate(month.from ?? now, clock);
  const monthTo = localDate(month.to ?? now, clock);
  const liveReport = isNull(reports.deletedAt);
  const n = count();
  // This month's reports and the open work are the kept figures (decision 034), dated as the
  // clock dates them: each school's recounted first if they are not.
  for (const school of await listSchools(db)) await ensureTallies(db, school.id, clock);

  const [schoolRows, staff, thisMonth, openWork, overdue, pending, lastSync] = await Promise.all([
    listSchools(db),
    grouped(
      db
        .select({ schoolId: users.schoolId, n })
        .from(users)
        .where(isNull(users.deletedAt))
        .groupBy(users.schoolId),
    ),
    grouped(
      db
        .select({ schoolId: reportDays.schoolId, n: sum(reportDays.n) })
        .from(reportDays)
        .where(and(gte(reportDays.day, monthFrom), lt(reportDays.day, monthTo)))
        .groupBy(reportDays.schoolId),
    ),
    grouped(
      db
        .select({ schoolId: reportTotals.schoolId, n: sum(reportTotals.n) })
        .from(reportTotals)
        .where(inArray(reportTotals.status, ['pending', 'in_progress']))
        .groupBy(reportTotals.schoolId),
    ),
    grouped(
      db
        .select({ schoolId: reports.schoolId, n })
        .from(reports)
        .where(and(liveReport, overdueSql(now, clock)))
        .groupBy(reports.schoolId),
    ),
    grouped(
      db
        .select({ schoolId: itemRequests.schoolId, n })
        .from(itemRequests)
        .where(and(isNull(itemRequests.deletedAt), sql`${itemRequests.status} = 'pending'`))
        .groupBy(itemRequests.schoolId),
    ),
    db
      .select({ schoolId: syncClients.schoolId, at: max(syncClients.updatedAt) })
      .from(syncClients)
      .groupBy(syncClients.schoolId),
  ]);
  const lastSyncOf = new Map(lastSync.map((r) => [r.schoolId, r.at]));
  return schoolRows.map((school) => ({
    school_id: school.id,
    name: school.name,
    active: school.deactivatedAt === null,
    staff: staff.get(school.id) ?? 0,
    reports_this_month: thisMonth.get(school.id) ?? 0,
    open_work: openWork.get(school.id) ?? 0,
    overdue_work: overdue.get(school.id) ?? 0,
    requests_pending: pending.get(school.id) ?? 0,
    last_sync_at: lastSyncOf.get(school.id) ?? null,
  }));
}
