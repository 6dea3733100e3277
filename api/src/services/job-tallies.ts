import { and, count, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/handles.js';
import { currentEngine, localDaySql, millisecondsBetweenSql } from '../db/dialect.js';
import { completedOnTimeSql, OPEN_STATUSES } from '../db/job-sql.js';
import { jobDoneDays, jobOpenDays, jobOpenMonths, reports } from '../db/schema.js';
import { asLocalWallClock, type SchoolClock } from '../lib/school-time.js';

/*
 * The analytics' kept job figures (docs/decisions/036-kept-job-figures.md): open work per
 * assignee by due month and by due day, and completions per local completion day, assignee and
 * time-to-complete bucket. Triggers on `reports` (migration 0023 / PostgreSQL 0018) keep them in
 * the writer's transaction; this module holds the buckets, the recount and the reads.
 */

const MINUTE = 60_000;
/** Below a day the screen shows minutes; from a day on, days and whole hours. */
const DAY_MINUTES = 1440;

/**
 * The bucket of a time to complete, in minutes: the duration rounded to the minute (half up,
 * a negative one, a phone's clock behind, as 0), and from one day on the hour that minute falls
 * in. The screen (web analytics-duration.ts) shows any duration of a bucket exactly as it shows
 * the bucket's own value, so a median that falls on one completion reads the same.
 */
export function completionBucket(ms: number): number {
  const minutes = Math.max(0, Math.floor((ms + MINUTE / 2) / MINUTE));
  return minutes < DAY_MINUTES ? minutes : Math.floor(minutes / 60) * 60;
}

/** completionBucket in SQL, of the report's filing and completion times: the triggers' twin. */
export function completionBucketSql(): SQL<number> {
  const ms = millisecondsBetweenSql(reports.reportedAt, reports.completedAt);
  if (currentEngine() === 'postgres') {
    const m = sql`greatest(0, floor((${ms} + 30000) / 60000))`;
    return sql<number>`CAST(CASE WHEN ${m} < 1440 THEN ${m} ELSE floor(${m} / 60) * 60 END AS bigint)`;
  }
  const m = sql`max(0, CAST((${ms} + 30000) / 60000 AS INTEGER))`;
  return sql<number>`(CASE WHEN ${m} < 1440 THEN ${m} ELSE ${m} / 60 * 60 END)`;
}

const assignee = sql<string>`coalesce(${reports.assigneeId}, '')`;

/**
 * Replaces the school's kept job figures with a recount of its live reports, completion days
 * and on-time dated at `clock`, in `tx` (services/report-tallies.ts recountSchool locks the
 * school's writers first and calls this).
 */
export async function recountJobs(tx: Tx, schoolId: string, clock: SchoolClock): Promise<void> {
  for (const table of [jobOpenMonths, jobOpenDays, jobDoneDays]) {
    await tx.delete(table).where(eq(table.schoolId, schoolId));
  }
  const live = and(eq(reports.schoolId, schoolId), isNull(reports.deletedAt));
  const open = and(live, inArray(reports.status, [...OPEN_STATUSES]));
  const month = sql<string>`coalesce(substr(${reports.dueDate}, 1, 7), '')`;
  await tx.insert(jobOpenMonths).select(
    tx
      .select({
        schoolId: reports.schoolId,
        assigneeId: assignee.as('assignee_id'),
        month: month.as('month'),
        n: count().as('n'),
      })
      .from(reports)
      .where(open)
      .groupBy(reports.schoolId, assignee, month),
  );
  const time = sql<string>`coalesce(${reports.dueTime}, '')`;
  await tx.insert(jobOpenDays).select(
    tx
      .select({
        schoolId: reports.schoolId,
        day: sql<string>`${reports.dueDate}`.as('day'),
        assigneeId: assignee.as('assignee_id'),
        time: time.as('time'),
        n: count().as('n'),
      })
      .from(reports)
      .where(and(open, isNotNull(reports.dueDate)))
      .groupBy(reports.schoolId, reports.dueDate, assignee, time),
  );
  const day = localDaySql(reports.completedAt, clock.offsetMinutes);
  const bucket = completionBucketSql();
  await tx.insert(jobDoneDays).select(
    tx
      .select({
        schoolId: reports.schoolId,
        day: day.as('day'),
        assigneeId: assignee.as('assignee_id'),
        minutes: bucket.as('minutes'),
        n: count().as('n'),
        withDue: sql<number>`sum(CASE WHEN ${reports.dueDate} IS NULL THEN 0 ELSE 1 END)`.as(
          'with_due',
        ),
        onTime: sql<number>`sum(coalesce(${completedOnTimeSql(clock)}, 0))`.as('on_time'),
      })
      .from(reports)
      .where(and(live, eq(reports.status, 'completed'), isNotNull(reports.completedAt)))
      .groupBy(reports.schoolId, day, assignee, bucket),
  );
}

/** One person's (or the queue's, `''`) kept figures as the screen needs them. */
export interface KeptJobs {
  open: number;
  overdue: number;
  completed: number;
  withDue: number;
  onTime: number;
  /** Completions per bucket (minutes), for the median. */
  buckets: Map<number, number>;
}

/**
 * The median of a histogram, in milliseconds: the middle completion's bucket, or the mean of
 * the two middle ones' (ranks (n+1)/2 and (n+2)/2, as the recount ranked them), `null` for none.
 */
export function histogramMedian(buckets: ReadonlyMap<number, number>): number | null {
  const sorted = [...buckets.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const ranks = [Math.floor((total + 1) / 2), Math.floor((total + 2) / 2)];
  const values = ranks.map((rank) => {
    let seen = 0;
    for (const [minutes, n] of sorted) {
      seen += n;
      if (seen >= rank) return minutes;
    }
    return 0;
  });
  return (((values[0] ?? 0) + (values[1] ?? 0)) / 2) * MINUTE;
}

/**
 * The kept job figures of the school per assignee (`''` the queue): open and overdue at `now`,
 * completions since the local day `fromDay`. Overdue is every open job due in a month before
 * this one, plus this month's due days before today, plus today's with a time at or before this
 * minute (db/job-sql.ts overdueSql, on the kept rows): rows of this month and a few per month
 * before it, whatever the number of reports.
 */
export async function keptJobs(
  db: Db,
  schoolId: string,
  clock: SchoolClock,
  now: Date,
  fromDay: string,
): Promise<Map<string, KeptJobs>> {
  const wall = asLocalWallClock(now, clock).toISOString();
  const today = wall.slice(0, 10);
  const thisMonth = wall.slice(0, 7);
  const minute = wall.slice(11, 16);
  const [months, days, done] = await Promise.all([
    db
      .select({
        person: jobOpenMonths.assigneeId,
        open: sql<number | string>`sum(${jobOpenMonths.n})`,
        overdue: sql<
          number | string
        >`sum(CASE WHEN ${jobOpenMonths.month} <> '' AND ${jobOpenMonths.month} < ${thisMonth} THEN ${jobOpenMonths.n} ELSE 0 END)`,
      })
      .from(jobOpenMonths)
      .where(eq(jobOpenMonths.schoolId, schoolId))
      .groupBy(jobOpenMonths.assigneeId),
    db
      .select({
        person: jobOpenDays.assigneeId,
        overdue: sql<number | string>`sum(${jobOpenDays.n})`,
      })
      .from(jobOpenDays)
      .where(
        and(
          eq(jobOpenDays.schoolId, schoolId),
          gte(jobOpenDays.day, `${thisMonth}-01`),
          sql`(${lt(jobOpenDays.day, today)} OR (${jobOpenDays.day} = ${today} AND ${jobOpenDays.time} <> '' AND ${jobOpenDays.time} <= ${minute}))`,
        ),
      )
      .groupBy(jobOpenDays.assigneeId),
    db
      .select({
        person: jobDoneDays.assigneeId,
        minutes: jobDoneDays.minutes,
        n: sql<number | string>`sum(${jobDoneDays.n})`,
        withDue: sql<number | string>`sum(${jobDoneDays.withDue})`,
        onTime: sql<number | string>`sum(${jobDoneDays.onTime})`,
      })
      .from(jobDoneDays)
      .where(and(eq(jobDoneDays.schoolId, schoolId), gte(jobDoneDays.day, fromDay)))
      .groupBy(jobDoneDays.assigneeId, jobDoneDays.minutes),
  ]);
  const byPerson = new Map<string, KeptJobs>();
  const of = (person: string) => {
    let kept = byPerson.get(person);
    if (kept === undefined) {
      kept = { open: 0, overdue: 0, completed: 0, withDue: 0, onTime: 0, buckets: new Map() };
      byPerson.set(person, kept);
    }
    return kept;
  };
  for (const row of months) {
    if (Number(row.open) === 0) continue;
    const kept = of(row.person);
    kept.open += Number(row.open);
    kept.overdue += Number(row.overdue);
  }
  for (const row of days) {
    if (Number(row.overdue) !== 0) of(row.person).overdue += Number(row.overdue);
  }
  for (const row of done) {
    const n = Number(row.n);
    if (n === 0) continue;
    const kept = of(row.person);
    kept.completed += n;
    kept.withDue += Number(row.withDue);
    kept.onTime += Number(row.onTime);
    kept.buckets.set(Number(row.minutes), n);
  }
  return byPerson;
}
