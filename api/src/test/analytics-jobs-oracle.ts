import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/handles.js';
import { completedOnTimeSql, OPEN_STATUSES, overdueSql } from '../db/job-sql.js';
import { plainQuery } from '../db/plain-query.js';
import { reports } from '../db/schema.js';
import type { SchoolClock } from '../lib/school-time.js';
import {
  empty,
  jobFiguresOf,
  type Collected,
  type JobAnalytics,
  type Key,
} from '../services/analytics-jobs.js';
import { completionBucketSql } from '../services/job-tallies.js';

/*
 * The jobs' figures as they were computed before they were kept (decision 036), straight from
 * `reports`: the oracle the kept job figures are held to (services/report-tallies.test.ts,
 * services/analytics-jobs.test.ts). Unchanged but for the time to complete, taken in the kept
 * figures' buckets (completionBucketSql, in minutes), whose median the screen now shows.
 */

/*
 * Grouped by assignee alone, SQLite walks the whole (school, assignee, change_seq) index for
 * its order, reading every report of the school (2-3 s at 200,000 reports). The open work is
 * grouped by status and assignee instead, the order of reports_school_live_status_assignee_idx,
 * read from that index alone; the period's completions are picked in a MATERIALIZED CTE first,
 * on reports_school_live_completed_idx, then ranked.
 */
const rowsOf = <R>(db: Db, query: SQL) => plainQuery<R>(query).rows(db, {});

type Count = number | string;
interface DoneRow {
  /** 1 for the row of all completions, 0 for a person's (or the queue's, person NULL). */
  whole: Count;
  person: Key;
  completed: Count;
  with_due: Count;
  on_time: Count | null;
  median: Count | null;
}

/**
 * The period's completions per person and over all of them, in one pass. The median time to
 * complete is the middle one, or the mean of the middle two, by rank in a window: ranks
 * (n+1)/2 and (n+2)/2 (integer division on both engines) are the one middle of an odd count
 * twice, or the two middles of an even one. SQLite has no median aggregate, and PostgreSQL's
 * percentile_cont would be a second way to the same number.
 */
function completionsSql(schoolId: string, clock: SchoolClock, from: string): SQL {
  const middle = (rank: string, n: string) =>
    sql.raw(`CASE WHEN ${rank} IN ((${n} + 1) / 2, (${n} + 2) / 2) THEN ms END`);
  return sql`WITH done_jobs AS MATERIALIZED (
      SELECT ${reports.assigneeId} AS person, ${completedOnTimeSql(clock)} AS on_time,
        ${completionBucketSql()} * 60000 AS ms
      FROM ${reports}
      WHERE ${reports.schoolId} = ${schoolId} AND ${reports.deletedAt} IS NULL
        AND ${reports.status} = 'completed' AND ${reports.completedAt} >= ${from}),
    ranked AS (
      SELECT person, on_time, ms,
        row_number() OVER (PARTITION BY person ORDER BY ms) AS rank,
        count(*) OVER (PARTITION BY person) AS n,
        row_number() OVER (ORDER BY ms) AS rank_all,
        count(*) OVER () AS n_all
      FROM done_jobs)
    SELECT 0 AS whole, person, count(*) AS completed, count(on_time) AS with_due,
      sum(on_time) AS on_time, avg(${middle('rank', 'n')}) AS median
    FROM ranked GROUP BY person
    UNION ALL
    SELECT 1, NULL, count(*), count(on_time), sum(on_time), avg(${middle('rank_all', 'n_all')})
    FROM ranked`;
}

export async function recountedJobs(
  db: Db,
  schoolId: string,
  clock: SchoolClock,
  now: Date,
  from: string,
): Promise<JobAnalytics> {
  const [openRows, doneRows] = await Promise.all([
    db
      .select({
        person: reports.assigneeId,
        open: count(),
        overdue: sql<Count>`sum(CASE WHEN ${overdueSql(now, clock)} THEN 1 ELSE 0 END)`,
      })
      .from(reports)
      .where(
        and(
          eq(reports.schoolId, schoolId),
          isNull(reports.deletedAt),
          inArray(reports.status, [...OPEN_STATUSES]),
        ),
      )
      .groupBy(reports.status, reports.assigneeId),
    rowsOf<DoneRow>(db, completionsSql(schoolId, clock, from)),
  ]);

  const byPerson = new Map<Key, Collected>();
  const of = (key: Key) => {
    let c = byPerson.get(key);
    if (c === undefined) byPerson.set(key, (c = empty()));
    return c;
  };
  for (const row of openRows) {
    const c = of(row.person);
    c.open += Number(row.open);
    c.overdue += Number(row.overdue);
  }
  const total = empty();
  for (const row of doneRows) {
    const c = Number(row.whole) === 1 ? total : of(row.person);
    c.completed = Number(row.completed);
    c.withDue = Number(row.with_due);
    c.onTime = Number(row.on_time ?? 0);
    c.median = row.median === null ? null : Number(row.median);
  }
  return jobFiguresOf(db, schoolId, byPerson, total);
}
