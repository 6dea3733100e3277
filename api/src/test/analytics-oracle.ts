import { and, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  REPORT_STATUSES,
  ROLES,
  type AnalyticsSnapshot,
  type ReportStatus,
  type Role,
} from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { localDaySql, localMonthSql } from '../db/dialect.js';
import { areas, itemRequests, reports, userActivity, users } from '../db/schema.js';
import { first } from '../db/first.js';
import { localDate, localDayStart, scopeRange, type SchoolClock } from '../lib/school-time.js';
import { recountedJobs } from './analytics-jobs-oracle.js';

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
 * The analytics as they were computed before the report figures were kept (decision 034),
 * straight from `reports` and unchanged: the oracle the kept figures are held to
 * (services/report-tallies.test.ts). The admin analytics, computed in SQL: every query is bounded by a date window on an indexed
 * column or is a single grouped pass, so it answers well under a second at 200,000 reports.
 * Report windows are on the filing time: a report filed offline on Friday and received on
 * Monday is Friday's work (docs/decisions/012-device-filing-time.md). Every figure is of the
 * one school: its reports, its users (and their activity) and its requests (decision 027).
 */
export async function recountedSnapshot(
  db: Db,
  schoolId: string,
  clock: SchoolClock,
  now = new Date(),
): Promise<AnalyticsSnapshot> {
  const liveReport = and(eq(reports.schoolId, schoolId), isNull(reports.deletedAt));
  const liveUser = and(eq(users.schoolId, schoolId), isNull(users.deletedAt));
  const offset = clock.offsetMinutes;
  const today = localDate(now, clock);
  const days7 = lastDays(today, 7);
  const days30 = lastDays(today, 30);
  const months6 = lastMonths(today, 6);
  const from7 = localDayStart(days7[0] ?? today, clock).toISOString();
  const from30 = localDayStart(days30[0] ?? today, clock).toISOString();
  const from6m = localDayStart(`${months6[0] ?? today.slice(0, 7)}-01`, clock).toISOString();
  const week = scopeRange('this_week', now, clock);

  const byStatus = Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as Record<
    ReportStatus,
    number
  >;
  for (const row of await db
    .select({ status: reports.status, n: count() })
    .from(reports)
    .where(liveReport)
    .groupBy(reports.status)) {
    byStatus[row.status] = row.n;
  }
  const thisWeek =
    (
      await first(
        db
          .select({ n: count() })
          .from(reports)
          .where(
            and(
              liveReport,
              gte(reports.reportedAt, week.from?.toISOString() ?? ''),
              lt(reports.reportedAt, week.to?.toISOString() ?? ''),
            ),
          ),
      )
    )?.n ?? 0;

  const completed = sql<number>`sum(CASE WHEN ${reports.status} = 'completed' THEN 1 ELSE 0 END)`;
  const perDay = localDaySql(reports.reportedAt, offset);
  const daily = new Map(
    (
      await db
        .select({ day: perDay, created: count(), completed })
        .from(reports)
        .where(and(liveReport, gte(reports.reportedAt, from7)))
        .groupBy(perDay)
    ).map((r) => [r.day, r]),
  );
  const perMonth = localMonthSql(reports.reportedAt, offset);
  const monthly = new Map(
    (
      await db
        .select({ month: perMonth, created: count(), completed })
        .from(reports)
        .where(and(liveReport, gte(reports.reportedAt, from6m)))
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

  const areaCount = async (where: ReturnType<typeof and>) =>
    db
      .select({ id: areas.id, name: areas.name, count: count() })
      .from(reports)
      .innerJoin(areas, eq(areas.id, reports.areaId))
      .where(where)
      .groupBy(areas.id)
      .orderBy(desc(count()), areas.name)
      .limit(5);

  const roleRows = await db
    .select({
      role: users.role,
      reports30: count(reports.id),
      completed30: sql<number>`coalesce(${completed}, 0)`,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    // Not the poster's reports: their reporter has a role only because a user needs one.
    .where(and(liveReport, gte(reports.reportedAt, from30), eq(reports.origin, 'staff')))
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
  const jobs = await recountedJobs(db, schoolId, clock, now, from30);

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
      created: daily.get(date)?.created ?? 0,
      completed: Number(daily.get(date)?.completed ?? 0),
    })),
    monthly_6m: months6.map((month) => ({
      month,
      created: monthly.get(month)?.created ?? 0,
      completed: Number(monthly.get(month)?.completed ?? 0),
    })),
    priority_areas: {
      most_reports_30d: await areaCount(and(liveReport, gte(reports.reportedAt, from30))),
      most_pending: await areaCount(and(liveReport, inArray(reports.status, ['pending']))),
    },
    productivity_by_role: ROLES.map((role: Role) => {
      const row = roleRows.find((r) => r.role === role);
      const reports30 = row?.reports30 ?? 0;
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
