import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { liveQuery } from 'dexie';
import {
  dueInstant,
  isOverdue,
  STAFF_ROLES,
  taskBucket,
  type JobPriority,
  type Report,
  type ReportEvent,
  type UserSummary,
} from '@urs/sync-protocol';
import { namesOf, openEntriesFor, waitingMarks, type SyncMark } from '../../../sync/index.js';
import { db, type UrsDatabase } from '../../../db/index.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { schoolUtcOffset } from '../../../lib/school-time.js';
import { useMinute } from '../../../lib/use-minute.js';

/*
 * The device's reads of jobs (decision 028): a user's open jobs for `/tasks` and the menu's
 * counts, a report's timeline, the people a job may be given to, and the admin's open and
 * overdue work per person. Overdue and the buckets come from the contract's functions, in the
 * school's calendar (lib/school-time.ts), at the minute `useMinute` keeps.
 */

const OPEN = ['pending', 'in_progress'] as const;

/**
 * The school's UTC offset at `minute` for the job dates of a screen: the one the server sent
 * with the signed-in user (kept on the device), never the browser's own zone when it has one.
 */
export function useSchoolUtcOffset(minute: number): number {
  const kept = useCurrentUser()?.school_utc_offset;
  return schoolUtcOffset(kept, new Date(minute));
}

/** A user's open jobs (pending or in progress), read through `[assignee_id+status]`. */
export function openJobsOf(database: UrsDatabase, userId: string): Promise<Report[]> {
  return database.reports
    .where('[assignee_id+status]')
    .anyOf(OPEN.map((status) => [userId, status]))
    .toArray();
}

export interface TaskBoard {
  overdue: Report[];
  today: Report[];
  upcoming: Report[];
}

const PRIORITY_RANK: Record<JobPriority, number> = { urgent: 0, high: 1, normal: 2, low: 3 };

/**
 * The jobs by `/tasks` section (the contract's `taskBucket`), each section most pressing first:
 * by the instant it is due (the longest overdue first; a day without a time counts as its end),
 * then by priority, then the longest waiting. Jobs without a due day end the upcoming ones.
 */
export function taskBoard(
  jobs: readonly Report[],
  nowMs: number,
  offsetMinutes: number,
): TaskBoard {
  const board: TaskBoard = { overdue: [], today: [], upcoming: [] };
  const due = new Map<string, number>();
  for (const job of jobs) {
    const bucket = taskBucket(job, nowMs, offsetMinutes);
    if (bucket === 'done') continue;
    board[bucket].push(job);
    due.set(job.id, dueInstant(job.due_date, job.due_time, offsetMinutes) ?? Infinity);
  }
  const order = (a: Report, b: Report) =>
    (due.get(a.id) ?? Infinity) - (due.get(b.id) ?? Infinity) ||
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
    a.reported_at.localeCompare(b.reported_at);
  board.overdue.sort(order);
  board.today.sort(order);
  board.upcoming.sort(order);
  return board;
}

interface OpenJobsSource {
  rows: Report[] | undefined;
  listeners: Set<() => void>;
  subscription: { unsubscribe(): void };
}

/** The live reads of open jobs by user, each shared by every hook that watches it. */
const openJobsSources = new Map<string, OpenJobsSource>();

/**
 * Watches a user's open jobs through ONE live query however many hooks ask: the menu's counts,
 * the dashboard's and `/tasks` all read the same rows, so a screen that shows several reads the
 * user's jobs once (before, each hook read all of them: `/tasks` paid twice the menu's read, the
 * most of its time over `/user/reports` in the bench, docs/performance-log.md 2026-12-03), and a
 * screen opened while the menu holds the rows draws them at once.
 */
function watchOpenJobs(userId: string, listener: () => void): () => void {
  let source = openJobsSources.get(userId);
  if (source === undefined) {
    const created: OpenJobsSource = {
      rows: undefined,
      listeners: new Set(),
      subscription: { unsubscribe: () => undefined },
    };
    openJobsSources.set(userId, created);
    created.subscription = liveQuery(() => openJobsOf(db, userId)).subscribe({
      next: (rows) => {
        created.rows = rows;
        for (const notify of created.listeners) notify();
      },
      error: (err: unknown) => console.error('[jobs] open jobs could not be read', err),
    });
    source = created;
  }
  const watched = source;
  watched.listeners.add(listener);
  return () => {
    watched.listeners.delete(listener);
    if (watched.listeners.size > 0) return;
    watched.subscription.unsubscribe();
    openJobsSources.delete(userId);
  };
}

const NO_JOBS: Report[] = [];

/** The user's open jobs, live, from the shared read; undefined until first read. */
function useOpenJobs(userId: string | null): Report[] | undefined {
  const subscribe = useCallback(
    (listener: () => void) => (userId === null ? () => undefined : watchOpenJobs(userId, listener)),
    [userId],
  );
  return useSyncExternalStore(subscribe, () =>
    userId === null ? NO_JOBS : openJobsSources.get(userId)?.rows,
  );
}

/** Boards already sorted, by the rows and the minute they were made for: one per change. */
const boards = new WeakMap<
  readonly Report[],
  { minute: number; offset: number; board: TaskBoard }
>();

/** The signed-in user's open jobs by section, live; undefined while read. */
export function useTaskBoard(userId: string | null): TaskBoard | undefined {
  const jobs = useOpenJobs(userId);
  const minute = useMinute();
  const offset = useSchoolUtcOffset(minute);
  return useMemo(() => {
    if (jobs === undefined) return undefined;
    const made = boards.get(jobs);
    if (made?.minute === minute && made.offset === offset) return made.board;
    const board = taskBoard(jobs, minute, offset);
    boards.set(jobs, { minute, offset, board });
    return board;
  }, [jobs, minute, offset]);
}

export interface TaskCounts {
  overdue: number;
  today: number;
  upcoming: number;
  open: number;
}

export function countsOf(board: TaskBoard): TaskCounts {
  const { overdue, today, upcoming } = board;
  return {
    overdue: overdue.length,
    today: today.length,
    upcoming: upcoming.length,
    open: overdue.length + today.length + upcoming.length,
  };
}

/** A report's timeline, oldest first (newest last), with the names of who did what. */
export interface Timeline {
  events: ReportEvent[];
  names: Map<string, string>;
}

export async function reportTimeline(database: UrsDatabase, reportId: string): Promise<Timeline> {
  const events = await database.report_events.where('report_id').equals(reportId).toArray();
  // The device's clock orders them (bounded on arrival); ids are UUIDv7, so a tie keeps the
  // order they were made in.
  events.sort((a, b) => a.occurred_at.localeCompare(b.occurred_at) || a.id.localeCompare(b.id));
  const people = new Set<string>();
  for (const event of events) {
    people.add(event.actor_id);
    const assignee = event.changes.assignee_id;
    if (assignee !== undefined) for (const id of assignee) if (id !== null) people.add(id);
  }
  return { events, names: await namesOf(database, 'users', people) };
}

/** The timeline, live, with the events of this user not yet accepted by the server marked. */
export function useReportTimeline(
  reportId: string,
  userId: string | null,
): (Timeline & { waiting: ReadonlyMap<string, SyncMark> }) | undefined {
  return useLiveQuery(async () => {
    const [timeline, entries] = await Promise.all([
      reportTimeline(db, reportId),
      userId === null ? [] : openEntriesFor(db, userId).toArray(),
    ]);
    return { ...timeline, waiting: waitingMarks(entries, 'report_events') };
  }, [reportId, userId]);
}

/** The school's staff a job may be given to, by name (the users this device holds). */
export function useAssignableStaff(): UserSummary[] | undefined {
  return useLiveQuery(async () => {
    const users = await db.users.toArray();
    return users
      .filter((user) => STAFF_ROLES.some((role) => role === user.role))
      .sort((a, b) => a.name.localeCompare(b.name, 'id'));
  }, []);
}

/** One person's open work, as the admin's dashboard lists it. */
export interface PersonWork {
  /** Null: the jobs nobody holds yet, the admin's queue. */
  assigneeId: string | null;
  name: string | undefined;
  open: number;
  overdue: number;
}

/**
 * Open and overdue jobs per assignee, the most overdue first, from the open reports only (the
 * status index): an admin's device holds every report of the school, most of them done.
 */
export async function workPerPerson(
  database: UrsDatabase,
  nowMs: number,
  offsetMinutes: number,
): Promise<PersonWork[]> {
  const open = await database.reports
    .where('status')
    .anyOf([...OPEN])
    .toArray();
  const byPerson = new Map<string | null, PersonWork>();
  for (const job of open) {
    const key = job.assignee_id;
    const work = byPerson.get(key) ?? { assigneeId: key, name: undefined, open: 0, overdue: 0 };
    byPerson.set(key, work);
    work.open += 1;
    if (isOverdue(job, nowMs, offsetMinutes)) work.overdue += 1;
  }
  const ids = [...byPerson.keys()].filter((id) => id !== null);
  const names = await namesOf(database, 'users', ids);
  const rows = [...byPerson.values()].map((work) => ({
    ...work,
    name: work.assigneeId === null ? undefined : names.get(work.assigneeId),
  }));
  return rows.sort(
    (a, b) =>
      b.overdue - a.overdue || b.open - a.open || (a.name ?? '').localeCompare(b.name ?? '', 'id'),
  );
}

/** The admin dashboard's work per person, live and current to the minute. */
export function useWorkPerPerson(enabled: boolean): PersonWork[] | undefined {
  const minute = useMinute();
  const offset = useSchoolUtcOffset(minute);
  return useLiveQuery(
    () => (enabled ? workPerPerson(db, minute, offset) : []),
    [enabled, minute, offset],
  );
}

/** The filters of the admin's board of open jobs (jobs-search.ts), as this read takes them. */
export interface OpenJobsFilter {
  /** A user's id, null for the unassigned queue, undefined for everyone. */
  assignee?: string | null | undefined;
  priority?: JobPriority | undefined;
  overdueOnly?: boolean;
}

/**
 * The school's open jobs that pass the filters (an admin's device holds them all; the status
 * index reads only the open ones), by `/tasks` section, with the assignees' names.
 */
export function filterJobs(
  jobs: readonly Report[],
  filter: OpenJobsFilter,
  nowMs: number,
  offsetMinutes: number,
): Report[] {
  return jobs.filter(
    (job) =>
      (filter.assignee === undefined || job.assignee_id === filter.assignee) &&
      (filter.priority === undefined || job.priority === filter.priority) &&
      (filter.overdueOnly !== true || isOverdue(job, nowMs, offsetMinutes)),
  );
}

export interface JobsBoard {
  board: TaskBoard;
  /** Open jobs before the filters: the board's "of how many". */
  total: number;
  names: Map<string, string>;
}

export function useJobsBoard(filter: OpenJobsFilter, enabled: boolean): JobsBoard | undefined {
  const jobs = useLiveQuery(
    () =>
      enabled
        ? db.reports
            .where('status')
            .anyOf([...OPEN])
            .toArray()
        : [],
    [enabled],
  );
  const names = useLiveQuery(async () => {
    const ids = new Set<string>();
    for (const job of jobs ?? []) if (job.assignee_id !== null) ids.add(job.assignee_id);
    return namesOf(db, 'users', ids);
  }, [jobs]);
  const minute = useMinute();
  const offset = useSchoolUtcOffset(minute);
  const { assignee, priority, overdueOnly } = filter;
  return useMemo(() => {
    if (jobs === undefined || names === undefined) return undefined;
    const shown = filterJobs(jobs, { assignee, priority, overdueOnly }, minute, offset);
    return { board: taskBoard(shown, minute, offset), total: jobs.length, names };
  }, [jobs, names, minute, offset, assignee, priority, overdueOnly]);
}
