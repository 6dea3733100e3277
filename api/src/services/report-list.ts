import { schoolRoleOf } from '../auth/policy.js';
import { and, asc, count, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  isOverdue,
  pageMeta,
  UNASSIGNED,
  type JobPriority,
  type Paged,
  type ReportOrigin,
  type ReportFilters,
  type ReportListQuery,
  type ReportListRow,
  type Role,
} from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { areas, categories, reportPhotos, reports, users } from '../db/schema.js';
import { first } from '../db/first.js';
import { containsText } from '../db/dialect.js';
import { overdueSql } from '../db/job-sql.js';
import { localDayStart, type SchoolClock } from '../lib/school-time.js';

const DAY_MS = 86_400_000;
/** The one join on users; a plain join renders the same on both engines (aliases do not). */
const reporter = users;

const photoCount = (kind: 'before' | 'after') =>
  sql<number>`(SELECT count(*) FROM ${reportPhotos} WHERE ${reportPhotos.reportId} = ${reports.id} AND ${reportPhotos.kind} = ${kind} AND ${reportPhotos.deletedAt} IS NULL)`;

/*
 * The assignee's name without a second join on users: a table alias renders wrongly for
 * PostgreSQL (decision 007), so a subquery by primary key, as the request list's approver.
 */
const assigneeName = sql<
  string | null
>`(SELECT assignee.name FROM ${users} AS assignee WHERE assignee.id = ${reports.assigneeId})`;

const listColumns = {
  id: reports.id,
  number: reports.number,
  description: reports.description,
  status: reports.status,
  workType: reports.workType,
  adminNote: reports.adminNote,
  reportedAt: reports.reportedAt,
  createdAt: reports.createdAt,
  updatedAt: reports.updatedAt,
  areaId: areas.id,
  areaName: areas.name,
  categoryId: categories.id,
  categoryName: categories.name,
  reporterId: reporter.id,
  reporterName: reporter.name,
  reporterRole: reporter.role,
  before: photoCount('before'),
  after: photoCount('after'),
  assigneeId: reports.assigneeId,
  assigneeName,
  priority: reports.priority,
  dueDate: reports.dueDate,
  dueTime: reports.dueTime,
  completedAt: reports.completedAt,
  origin: reports.origin,
};

interface ListRecord {
  id: string;
  number: string | null;
  description: string;
  status: ReportListRow['status'];
  workType: string;
  adminNote: string | null;
  reportedAt: string;
  createdAt: string;
  updatedAt: string;
  areaId: string;
  areaName: string;
  categoryId: string | null;
  categoryName: string | null;
  reporterId: string;
  reporterName: string;
  reporterRole: Role;
  before: number;
  after: number;
  assigneeId: string | null;
  assigneeName: string | null;
  priority: JobPriority;
  dueDate: string | null;
  dueTime: string | null;
  completedAt: string | null;
  origin: ReportOrigin;
}

/** What a row's derived fields are counted from: the answer's instant, the school's calendar. */
export interface RowClock {
  now: Date;
  clock: SchoolClock;
}

function toRow(r: ListRecord, { now, clock }: RowClock): ReportListRow {
  const job = { status: r.status, due_date: r.dueDate, due_time: r.dueTime };
  return {
    id: r.id,
    number: r.number,
    description: r.description,
    status: r.status,
    work_type: r.workType,
    admin_note: r.adminNote,
    reported_at: r.reportedAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    area: { id: r.areaId, name: r.areaName },
    category:
      r.categoryId === null || r.categoryName === null
        ? null
        : { id: r.categoryId, name: r.categoryName },
    reporter: { id: r.reporterId, name: r.reporterName, role: r.reporterRole },
    photo_counts: { before: Number(r.before), after: Number(r.after) },
    assignee:
      r.assigneeId === null ? null : { id: r.assigneeId, name: r.assigneeName ?? r.assigneeId },
    priority: r.priority,
    due_date: r.dueDate,
    due_time: r.dueTime,
    completed_at: r.completedAt,
    origin: r.origin,
    overdue: isOverdue(job, now.getTime(), clock.offsetMinutes),
  };
}

/**
 * Conditions for the filters, always within the school. Dates and ranges are on the filing
 * time: the school's local calendar days of when the work was reported, both ends included.
 * Overdue is at `now`, in the school's calendar, by the contract's rule (db/job-sql.ts).
 */
export function reportConditions(
  schoolId: string,
  filters: ReportFilters,
  { now, clock }: RowClock,
  range: { from?: Date | undefined; to?: Date | undefined } = {},
): SQL[] {
  const conditions: SQL[] = [eq(reports.schoolId, schoolId), isNull(reports.deletedAt)];
  if (filters.status !== undefined) conditions.push(eq(reports.status, filters.status));
  if (filters.area_id !== undefined) conditions.push(eq(reports.areaId, filters.area_id));
  if (filters.reporter_id !== undefined)
    conditions.push(eq(reports.reporterId, filters.reporter_id));
  // A poster report's reporter (decision 029) holds a staff role only because a user needs
  // one: its reports are nobody's work, so no role filter finds them.
  if (filters.role !== undefined) {
    conditions.push(eq(reporter.role, filters.role), eq(reports.origin, 'staff'));
  }
  if (filters.assignee_id !== undefined) {
    conditions.push(
      filters.assignee_id === UNASSIGNED
        ? isNull(reports.assigneeId)
        : eq(reports.assigneeId, filters.assignee_id),
    );
  }
  if (filters.priority !== undefined) conditions.push(eq(reports.priority, filters.priority));
  if (filters.overdue === true) conditions.push(overdueSql(now, clock));
  if (filters.date_from !== undefined) {
    conditions.push(gte(reports.reportedAt, localDayStart(filters.date_from, clock).toISOString()));
  }
  if (filters.date_to !== undefined) {
    const end = new Date(localDayStart(filters.date_to, clock).getTime() + DAY_MS);
    conditions.push(lt(reports.reportedAt, end.toISOString()));
  }
  if (range.from !== undefined) conditions.push(gte(reports.reportedAt, range.from.toISOString()));
  if (range.to !== undefined) conditions.push(lt(reports.reportedAt, range.to.toISOString()));
  if (filters.q !== undefined && filters.q !== '') {
    const match = or(
      containsText(reports.number, filters.q),
      containsText(reports.description, filters.q),
      containsText(areas.name, filters.q),
      containsText(reporter.name, filters.q),
    );
    if (match !== undefined) conditions.push(match);
  }
  return conditions;
}

/** The report joined to the names every list and export shows. */
const joined = (db: Db) =>
  db
    .select(listColumns)
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(areas, eq(areas.id, reports.areaId))
    .leftJoin(categories, eq(categories.id, reports.categoryId));

async function countMatching(db: Db, where: SQL | undefined): Promise<number> {
  return (
    (
      await first(
        db
          .select({ n: count() })
          .from(reports)
          .innerJoin(reporter, eq(reporter.id, reports.reporterId))
          .innerJoin(areas, eq(areas.id, reports.areaId))
          .where(where),
      )
    )?.n ?? 0
  );
}

/**
 * The admin list: server-side filters, paging and sort by filing time (or receipt time). Each
 * row's overdue flag and the overdue filter are of `now`.
 */
export async function listReports(
  db: Db,
  schoolId: string,
  query: ReportListQuery,
  at: RowClock,
): Promise<Paged<ReportListRow>> {
  const where = and(...reportConditions(schoolId, query, at));
  const total = await countMatching(db, where);
  const column = query.sort === 'created_at' ? reports.createdAt : reports.reportedAt;
  const order =
    query.order === 'asc' ? [asc(column), asc(reports.id)] : [desc(column), desc(reports.id)];
  const rows = (await joined(db)
    .where(where)
    .orderBy(...order)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)) as ListRecord[];
  return {
    data: rows.map((row) => toRow(row, at)),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

/**
 * Every matching row, first filed first, in chunks read by keyset (reported_at, id): memory stays
 * bounded by one chunk however many years of reports there are, and no cursor is held open on
 * the connection between chunks.
 */
export async function* iterateReports(
  db: Db,
  schoolId: string,
  filters: ReportFilters,
  at: RowClock,
  range: { from?: Date | undefined; to?: Date | undefined },
  chunk = 500,
): AsyncGenerator<ReportListRow> {
  let after: { reportedAt: string; id: string } | undefined;
  for (;;) {
    const conditions = reportConditions(schoolId, filters, at, range);
    if (after !== undefined) {
      const keyset = or(
        sql`${reports.reportedAt} > ${after.reportedAt}`,
        and(eq(reports.reportedAt, after.reportedAt), sql`${reports.id} > ${after.id}`),
      );
      if (keyset !== undefined) conditions.push(keyset);
    }
    const rows = (await joined(db)
      .where(and(...conditions))
      .orderBy(asc(reports.reportedAt), asc(reports.id))
      .limit(chunk)) as ListRecord[];
    for (const row of rows) yield toRow(row, at);
    const last = rows.at(-1);
    if (last === undefined || rows.length < chunk) return;
    after = { reportedAt: last.reportedAt, id: last.id };
  }
}

export interface RoleExplorerEntry {
  id: string;
  name: string;
  role: Role;
  report_count: number;
}

/**
 * The role explorer: the school's live users, by role and name, each with how many reports they
 * filed (a user's reports are all of their school).
 */
export async function reportCountsByUser(
  db: Db,
  schoolId: string,
  role?: Role,
): Promise<RoleExplorerEntry[]> {
  const n = sql<number>`count(${reports.id})`;
  return (
    await db
      .select({ id: users.id, name: users.name, role: users.role, report_count: n })
      .from(users)
      .leftJoin(reports, and(eq(reports.reporterId, users.id), isNull(reports.deletedAt)))
      .where(
        and(
          eq(users.schoolId, schoolId),
          isNull(users.deletedAt),
          role === undefined ? undefined : eq(users.role, role),
        ),
      )
      .groupBy(users.id)
      .orderBy(asc(users.role), sql`lower(${users.name})`)
  ).map((r) => ({ ...r, role: schoolRoleOf(r.role), report_count: Number(r.report_count) }));
}
