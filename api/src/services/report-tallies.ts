import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/handles.js';
import { localDaySql, rowLock } from '../db/dialect.js';
import { first } from '../db/first.js';
import { rowsOf } from '../db/statement.js';
import {
  reportAreaDays,
  reportDays,
  reportReporterDays,
  reports,
  reportTotals,
  schools,
} from '../db/schema.js';
import type { SchoolClock } from '../lib/school-time.js';
import { recountJobs } from './job-tallies.js';

/*
 * The analytics' kept report figures (docs/decisions/034-kept-report-figures.md). Triggers on
 * `reports` (migration 0021 / PostgreSQL 0016) keep them in the transaction of every write; the
 * day of a report is its filing time's local date at the school's `tally_offset_minutes`. This
 * module recounts a school from its reports: when that offset is not the configured
 * SCHOOL_UTC_OFFSET (a deployment in WITA or WIT, whose figures the migration dated in WIB),
 * and on demand (`node api/dist/rebuild-analytics.js`).
 */

const completedCount = sql<number>`sum(CASE WHEN ${reports.status} = 'completed' THEN 1 ELSE 0 END)`;

/**
 * Replaces the school's kept figures (the reports' and the jobs') with a recount of its live reports, dated at `clock`, in
 * the write transaction `tx`. The school's change counter is locked first: every write to a
 * report takes it (db/change-seq.ts), so none runs between the recount and the commit.
 */
export async function recountSchool(tx: Tx, schoolId: string, clock: SchoolClock): Promise<void> {
  await rowsOf(
    tx,
    `SELECT value FROM change_counter WHERE school_id = ?${rowLock('no key update')}`,
    schoolId,
  );
  const offset = Math.trunc(clock.offsetMinutes);
  await tx.update(schools).set({ tallyOffsetMinutes: offset }).where(eq(schools.id, schoolId));
  for (const table of [reportTotals, reportDays, reportAreaDays, reportReporterDays]) {
    await tx.delete(table).where(eq(table.schoolId, schoolId));
  }
  const live = and(eq(reports.schoolId, schoolId), isNull(reports.deletedAt));
  const day = localDaySql(reports.reportedAt, offset);
  await tx.insert(reportTotals).select(
    tx
      .select({
        schoolId: reports.schoolId,
        areaId: reports.areaId,
        status: reports.status,
        n: count().as('n'),
      })
      .from(reports)
      .where(live)
      .groupBy(reports.schoolId, reports.areaId, reports.status),
  );
  await tx.insert(reportDays).select(
    tx
      .select({
        schoolId: reports.schoolId,
        day: day.as('day'),
        n: count().as('n'),
        completed: completedCount.as('completed'),
      })
      .from(reports)
      .where(live)
      .groupBy(reports.schoolId, day),
  );
  await tx.insert(reportAreaDays).select(
    tx
      .select({
        schoolId: reports.schoolId,
        day: day.as('day'),
        areaId: reports.areaId,
        n: count().as('n'),
      })
      .from(reports)
      .where(live)
      .groupBy(reports.schoolId, day, reports.areaId),
  );
  await tx.insert(reportReporterDays).select(
    tx
      .select({
        schoolId: reports.schoolId,
        day: day.as('day'),
        reporterId: reports.reporterId,
        n: count().as('n'),
        completed: completedCount.as('completed'),
      })
      .from(reports)
      .where(and(live, eq(reports.origin, 'staff')))
      .groupBy(reports.schoolId, day, reports.reporterId),
  );
  // And the jobs' figures (docs/decisions/036-kept-job-figures.md), under the same lock.
  await recountJobs(tx, schoolId, clock);
}

/**
 * Makes sure the school's kept figures are dated at `clock`, recounting them once if not: one
 * primary-key read when they are, as they are from the second read on.
 */
export async function ensureTallies(db: Db, schoolId: string, clock: SchoolClock): Promise<void> {
  const dated = async (reader: Pick<Db, 'select'>) =>
    (
      await first(
        reader
          .select({ offset: schools.tallyOffsetMinutes })
          .from(schools)
          .where(eq(schools.id, schoolId)),
      )
    )?.offset;
  const offset = Math.trunc(clock.offsetMinutes);
  const now = await dated(db);
  if (now === undefined || Number(now) === offset) return;
  await db.write(async (tx) => {
    // Another process may have recounted while this one waited for the writer.
    if (Number(await dated(tx)) !== offset) await recountSchool(tx, schoolId, clock);
  });
}
