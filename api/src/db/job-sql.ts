import { inArray, sql, type SQL } from 'drizzle-orm';
import type { ReportStatus } from '@urs/sync-protocol';
import type { SchoolClock } from '../lib/school-time.js';
import { dueInstantSql } from './dialect.js';
import { reports } from './schema.js';

/*
 * The contract's job rules (sync-protocol/src/jobs.ts) as SQL on a report row, for the lists,
 * exports and analytics that count and filter on the server: overdue is derived, never stored
 * (docs/decisions/028-jobs-on-reports.md), so every reader derives it from the same twin.
 * db/job-sql.test.ts holds each to its contract function over generated rows on both engines.
 */

/** Work not yet done: neither completed nor cancelled. */
export const OPEN_STATUSES = ['pending', 'in_progress'] as const satisfies readonly ReportStatus[];

/** The report's due instant as canonical UTC text, NULL without a due date (`dueInstant`). */
export function reportDueInstant(clock: SchoolClock): SQL<string | null> {
  return dueInstantSql(reports.dueDate, reports.dueTime, clock.offsetMinutes);
}

/**
 * The report is overdue at `now` (`isOverdue`): open, and its due instant has come. Rather than
 * the due instant of every row against `now`, `now` in the school's calendar against the row's
 * own columns, which is the same thing and reads as text on an index: with `today` and
 * `minute` (`HH:MM`, seconds dropped) the school's wall clock at `now`, a job is due by then
 * when its day is before today (a day without a time ends where the next begins, and today has
 * begun), or is today with a time at or before this minute (without a time it ends tonight).
 * Dates and times are the contract's zero-padded `YYYY-MM-DD` and `HH:MM`, which sort as text.
 */
export function overdueSql(now: Date, clock: SchoolClock): SQL {
  const wall = new Date(now.getTime() + clock.offsetMinutes * 60_000).toISOString();
  const today = wall.slice(0, 10);
  const minute = wall.slice(11, 16);
  const { status, dueDate, dueTime } = reports;
  return sql`(${inArray(status, [...OPEN_STATUSES])} AND (${dueDate} < ${today} OR (${dueDate} = ${today} AND ${dueTime} <= ${minute})))`;
}

/**
 * Whether the report was completed by its due instant (`completedOnTime`): 1 or 0, NULL when it
 * has no due date or no completion time.
 */
export function completedOnTimeSql(clock: SchoolClock): SQL<number | null> {
  const due = reportDueInstant(clock);
  return sql<
    number | null
  >`CASE WHEN ${reports.completedAt} IS NULL OR ${reports.dueDate} IS NULL THEN NULL WHEN ${reports.completedAt} <= ${due} THEN 1 ELSE 0 END`;
}
