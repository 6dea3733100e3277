import { and, count, desc, eq, gt, gte, isNull, lt, sql, sum } from 'drizzle-orm';
import {
  REPORT_STATUSES,
  ROLES,
  type AnalyticsSnapshot,
  type ReportStatus,
  type Role,
} from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { localDaySql } from '../db/dialect.js';
import {
  areas,
  itemRequests,
  reportAreaDays,
  reportDays,
  reportReporterDays,
  reportTotals,
  userActivity,
  users,
} from '../db/schema.js';
import { first } from '../db/first.js';
import { localDate, localDayStart, scopeRange, type SchoolClock } from '../lib/school-time.js';
import { jobAnalytics } from './analytics-jobs.js';
import { ensureTallies } from './report-tallies.js';

const DAY = 86_400_000;

/** The last `n` local dates ending today, oldest first. */
function lastDays(today: string, n: number): string[] {
  const end = Date.parse(`${today}T00:00:00.000Z`);
  return Array.from({ length: n }, (_, i) =>
    new Date(end - (n - 1 - i) * DAY).toISOString().slice(0, 10),
  );
}

function lastMonths(today: string, n: number): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const index = y * 12 + (m - 1) - (n - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

const rate = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

/**
 * The admin analytics. The report figures are read from the counts kept per school and day
 * (services/report-tallies.ts, docs/decisions/034-kept-report-figures.md) and the jobs' from
 * those kept per due month, due day and completion day (services/job-tallies.ts, decision 036),
 * so their cost follows the period shown and not the number of reports; users, activity and
 * requests are computed in SQL, each query bounded by a date window on an indexed column. Report windows are on the filing time: a report filed offline on Friday and received on
 * Monday is Friday's work (docs/decisions/012-device-filing-time.md). Every figure is of the
 * one school: its reports, its users (and their activity) and its requests (decision 027).
 */
export async function analyticsSnapshot(
  db: Db,
  schoolId: string,
  clock: SchoolClock,
  now = new Date(),
): Promise<AnalyticsSnapshot> {
  const liveUser = and(eq(users.schoolId, schoolId), isNull(users.deletedAt));
  const offset = clock.offsetMinutes;
  const today = localDate(now, clock);
  const days7 = lastDays(today, 7);
  const days30 = lastDays(today, 30);
  const months6 = lastMonths(today, 6);
  const from30 = localDayStart(days30[0] ?? today, clock).toISOString();
  const week = scopeRange('this_week', now, clock);

  await ensureTallies(db, schoolId, clock);
  const byStatus = Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as Record<
    ReportStatus,
    number
  >;
  for (const row of await db
    .select({ status: reportTotals.status, n: sum(reportTotals.n) })
    .from(reportTotals)
    .where(eq(reportTotals.schoolId, schoolId))
    .groupBy(reportTotals.status)) {
    byStatus[row.status] = Number(row.n ?? 0);
  }
  const ofSchool = eq(reportDays.schoolId, schoolId);
  const thisWeek = Number(
    (
      await first(
        db
          .select({ n: sum(reportDays.n) })
          .from(reportDays)
          .where(
            and(
              ofSchool,
              gte(reportDays.day, localDate(week.from ?? now, clock)),
              lt(reportDays.day, localDate(week.to ?? now, clock)),
            ),
          ),
      )
    )?.n ?? 0,
  );

  const daily = new Map(
    (
      await db
        .select({ day: reportDays.day, created: reportDays.n, completed: reportDays.completed })
        .from(reportDays)
        .where(and(ofSchool, gte(reportDays.day, days7[0] ?? today)))
    ).map((r) => [r.day, r]),
  );
  const perMonth = sql<string>`substr(${reportDays.day}, 1, 7)`;
  const monthly = new Map(
    (
      await db
        .select({
          month: perMonth,
          created: sum(reportDays.n),
          completed: sum(reportDays.completed),
        })
        .from(reportDays)
        .where(and(ofSchool, gte(reportDays.day, `${months6[0] ?? today.slice(0, 7)}-01`)))
        .groupBy(perMonth)
    ).map((r) => [r.month, r]),
  );

  const totalUsers = (await first(db.select({ n: count() }).from(users).where(liveUser)))?.n ?? 0;
  const active30 =
    (
      await first(
        db
          .select({ n: sql<number>`count(DISTINCT ${userActivity.userId})` })
          .from(userActivity)
          .innerJoin(users, and(eq(users.id, userActivity.userId), liveUser))
          .where(gte(userActivity.day, days30[0] ?? today)),
      )
    )?.n ?? 0;
  const dau = new Map(
    (
      await db
        .select({ day: userActivity.day, n: count() })
        .from(userActivity)
        .innerJoin(users, and(eq(users.id, userActivity.userId), liveUser))
        .where(gte(userActivity.day, days30[0] ?? today))
        .groupBy(userActivity.day)
    ).map((r) => [r.day, r.n]),
  );

  const areaReports = sql<number>`sum(${reportAreaDays.n})`;
  const mostReports = await db
    .select({ id: areas.id, name: areas.name, count: areaReports })
    .from(reportAreaDays)
    .innerJoin(areas, eq(areas.id, reportAreaDays.areaId))
    .where(and(eq(reportAreaDays.schoolId, schoolId), gte(reportAreaDays.day, days30[0] ?? today)))
    .groupBy(areas.id)
    .having(gt(areaReports, 0))
    .orderBy(desc(areaReports), areas.name)
    .limit(5);
  const mostPending = await db
    .select({ id: areas.id, name: areas.name, count: reportTotals.n })
    .from(reportTotals)
    .innerJoin(areas, eq(areas.id, reportTotals.areaId))
    .where(
      and(
        eq(reportTotals.schoolId, schoolId),
        eq(reportTotals.status, 'pending'),
        gt(reportTotals.n, 0),
      ),
    )
    .orderBy(desc(reportTotals.n), areas.name)
    .limit(5);
  const areaRows = (rows: { id: string; name: string; count: number | string }[]) =>
    rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }));

  // Not the poster's reports (the kept figures hold staff reports only): their reporter has a
  // role only because a user needs one.
  const roleRows = await db
    .select({
      role: users.role,
      reports30: sum(reportReporterDays.n),
      completed30: sum(reportReporterDays.completed),
    })
    .from(reportReporterDays)
    .innerJoin(users, eq(users.id, reportReporterDays.reporterId))
    .where(
      and(
        eq(reportReporterDays.schoolId, schoolId),
        gte(reportReporterDays.day, days30[0] ?? today),
      ),
    )
    .groupBy(users.role);
  const staffPerRole = new Map(
    (
      await db
        .select({ role: users.role, n: count() })
        .from(users)
        .where(liveUser)
        .groupBy(users.role)
    ).map((r) => [r.role, r.n]),
  );

  const requestDay = localDaySql(itemRequests.createdAt, offset);
  const liveRequest = and(
    eq(itemRequests.schoolId, schoolId),
    isNull(itemRequests.deletedAt),
    gte(itemRequests.createdAt, from30),
  );
  const requestsDaily = new Map(
    (
      await db
        .select({ day: requestDay, n: count() })
        .from(itemRequests)
        .where(liveRequest)
        .groupBy(requestDay)
    ).map((r) => [r.day, r.n]),
  );
  const requestStatus = new Map(
    (
      await db
        .select({ status: itemRequests.status, n: count() })
        .from(itemRequests)
        .where(liveRequest)
        .groupBy(itemRequests.status)
    ).map((r) => [r.status, r.n]),
  );
  const jobs = await jobAnalytics(db, schoolId, clock, now, days30[0] ?? today);

  const approved = requestStatus.get('approved') ?? 0;
  const rejected = requestStatus.get('rejected') ?? 0;
  const pendingRequests = requestStatus.get('pending') ?? 0;
  const createdRequests = approved + rejected + pendingRequests;

  return {
    generated_at: now.toISOString(),
    today,
    reports: {
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      by_status: byStatus,
      this_week: thisWeek,
    },
    users: {
      total: totalUsers,
      active_30d: active30,
      active_rate: rate(active30, totalUsers),
      inactive: totalUsers - active30,
    },
    daily_7d: days7.map((date) => ({
      date,
      created: Number(daily.get(date)?.created ?? 0),
      completed: Number(daily.get(date)?.completed ?? 0),
    })),
    monthly_6m: months6.map((month) => ({
      month,
      created: Number(monthly.get(month)?.created ?? 0),
      completed: Number(monthly.get(month)?.completed ?? 0),
    })),
    priority_areas: {
      most_reports_30d: areaRows(mostReports),
      most_pending: areaRows(mostPending),
    },
    productivity_by_role: ROLES.map((role: Role) => {
      const row = roleRows.find((r) => r.role === role);
      const reports30 = Number(row?.reports30 ?? 0);
      const completed30 = Number(row?.completed30 ?? 0);
      return {
        role,
        staff: staffPerRole.get(role) ?? 0,
        reports_30d: reports30,
        completed_30d: completed30,
        completion_rate: rate(completed30, reports30),
      };
    }),
    daily_active_users_30d: days30.map((date) => ({ date, users: dau.get(date) ?? 0 })),
    jobs,
    requests_30d: {
      daily: days30.map((date) => ({ date, created: requestsDaily.get(date) ?? 0 })),
      created: createdRequests,
      approved,
      rejected,
      pending: pendingRequests,
      approval_rate: rate(approved, approved + rejected),
      daily_average: Math.round((createdRequests / 30) * 10) / 10,
    },
  };
}
