import { inArray, lte, sql, type SQL } from 'drizzle-orm';
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

/** The report is overdue at `now` (`isOverdue`): open, and its due instant has come. */
export function overdueSql(now: Date, clock: SchoolClock): SQL {
  // Stored timestamps and the due instant are canonical UTC text: compared as text, exactly.
  return sql`(${inArray(reports.status, [...OPEN_STATUSES])} AND ${lte(reportDueInstant(clock), now.toISOString())})`;
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
