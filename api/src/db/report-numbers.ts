import type { Tx } from './handles.js';
import { rowsOf } from './statement.js';
import { localDate, type SchoolClock } from '../lib/school-time.js';

/*
 * A report's readable number, LAP-<year>-<6 digits> (docs/decisions/033-report-numbers.md), as
 * a request's REQ number: each school counts its own (decision 027) within its own calendar's
 * year of the report's arrival, so the server gives it when the report arrives. The school's
 * change counter, which every writer of the school holds until commit (db/change-seq.ts), keeps
 * two pushes from taking the same number. Six digits are fixed width, so the last number of a
 * year is the greatest one; a school would need a million reports in a year to outgrow them.
 */

/** The last prefix worked out: a push batch files all its reports at one `now`. */
let lastPrefix = { now: '', offsetMinutes: 0, prefix: '' };

/** `LAP-2026-` for a report that arrives at `now`. */
export function reportNumberPrefix(now: string, clock: SchoolClock): string {
  if (lastPrefix.now !== now || lastPrefix.offsetMinutes !== clock.offsetMinutes) {
    const prefix = `LAP-${localDate(new Date(now), clock).slice(0, 4)}-`;
    lastPrefix = { now, offsetMinutes: clock.offsetMinutes, prefix };
  }
  return lastPrefix.prefix;
}

/**
 * The next number as one SQL value, for a report INSERT's VALUES (the hottest write of a push:
 * no statement of its own), with its parameters from nextReportNumberParams. The last number
 * of the year is one seek in reports_school_number_uq: a range of the same fixed shape compares
 * alike under any collation.
 */
export const NEXT_REPORT_NUMBER = `(SELECT ? || substr('00000' || n, length(n)) FROM (SELECT CAST(COALESCE((SELECT CAST(substr(number, 10) AS INTEGER) FROM reports WHERE school_id = ? AND number >= ? AND number <= ? ORDER BY number DESC LIMIT 1), 0) + 1 AS TEXT) AS n) AS last_number)`;

export function nextReportNumberParams(
  schoolId: string,
  now: string,
  clock: SchoolClock,
): [string, string, string, string] {
  const prefix = reportNumberPrefix(now, clock);
  return [prefix, schoolId, `${prefix}000000`, `${prefix}999999`];
}

/** The next number on its own, for a write that is not a push's (the public problem form). */
export async function nextReportNumber(
  tx: Tx,
  schoolId: string,
  now: string,
  clock: SchoolClock,
): Promise<string> {
  const [row] = await rowsOf<{ number: string }>(
    tx,
    `SELECT ${NEXT_REPORT_NUMBER} AS number`,
    ...nextReportNumberParams(schoolId, now, clock),
  );
  if (row === undefined) throw new Error('no next report number');
  return row.number;
}
