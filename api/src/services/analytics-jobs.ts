import { schoolRoleOf } from '../auth/policy.js';
import type { JobFigures, PersonJobFigures } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { namesByIds } from '../data/names.js';
import { users } from '../db/schema.js';
import type { SchoolClock } from '../lib/school-time.js';
import { histogramMedian, keptJobs } from './job-tallies.js';

/*
 * The analytics' job figures (issue 40): open and overdue work per person now, and over the
 * period each person's on-time rate and median time to complete. They are read from the figures
 * kept per due month, due day and completion day (services/job-tallies.ts,
 * docs/decisions/036-kept-job-figures.md), so their cost follows the period and the people, not
 * the number of reports. Overdue is at `now` (the contract's rule, db/job-sql.ts overdueSql);
 * the period is the jobs completed since the local day `fromDay` (their completion time, the
 * device's). The median time to complete is of the screen's buckets (job-tallies.ts
 * completionBucket): within 30 s of the exact one under a day, within the hour above.
 */

const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** One person's figures, or the queue's (`null`), keyed the way Map keys compare. */
export type Key = string | null;

export type JobAnalytics = JobFigures & { unassigned: number; per_person: PersonJobFigures[] };

export interface Collected {
  open: number;
  overdue: number;
  completed: number;
  withDue: number;
  onTime: number;
  median: number | null;
}

export const empty = (): Collected => ({
  open: 0,
  overdue: 0,
  completed: 0,
  withDue: 0,
  onTime: 0,
  median: null,
});

const figures = (c: Collected): JobFigures => ({
  open: c.open,
  overdue: c.overdue,
  completed_30d: c.completed,
  with_due_30d: c.withDue,
  on_time_30d: c.onTime,
  on_time_rate: rate(c.onTime, c.withDue),
  median_completion_ms: c.median === null ? null : Math.round(c.median),
});

export async function jobAnalytics(
  db: Db,
  schoolId: string,
  clock: SchoolClock,
  now: Date,
  fromDay: string,
): Promise<JobAnalytics> {
  const byPerson = new Map<Key, Collected>();
  const all = new Map<number, number>();
  for (const [person, kept] of await keptJobs(db, schoolId, clock, now, fromDay)) {
    byPerson.set(person === '' ? null : person, {
      open: kept.open,
      overdue: kept.overdue,
      completed: kept.completed,
      withDue: kept.withDue,
      onTime: kept.onTime,
      median: histogramMedian(kept.buckets),
    });
    for (const [minutes, n] of kept.buckets) all.set(minutes, (all.get(minutes) ?? 0) + n);
  }
  const total = empty();
  total.median = histogramMedian(all);
  for (const c of byPerson.values()) {
    total.completed += c.completed;
    total.withDue += c.withDue;
    total.onTime += c.onTime;
  }
  return jobFiguresOf(db, schoolId, byPerson, total);
}

/**
 * The answer from each person's figures (the queue's under `null`) and the school's: open and
 * overdue summed here, names and roles read, the most overdue first.
 */
export async function jobFiguresOf(
  db: Db,
  schoolId: string,
  byPerson: ReadonlyMap<Key, Collected>,
  total: Collected,
): Promise<JobAnalytics> {
  for (const c of byPerson.values()) {
    total.open += c.open;
    total.overdue += c.overdue;
  }

  const ids = [...byPerson.keys()].filter((id): id is string => id !== null);
  // Deleted users too: work still held by someone who left is work to hand to someone else.
  const people = await namesByIds(db, users, schoolId, ids);

  const perPerson = [...byPerson.entries()].map(([id, c]): PersonJobFigures => {
    const person = id === null ? undefined : people.get(id);
    return {
      id,
      name: person?.name ?? null,
      role: person === undefined ? null : schoolRoleOf(person.role),
      ...figures(c),
    };
  });
  perPerson.sort(
    (a, b) =>
      b.overdue - a.overdue ||
      b.open - a.open ||
      b.completed_30d - a.completed_30d ||
      (a.name ?? '').localeCompare(b.name ?? ''),
  );
  return {
    ...figures(total),
    unassigned: byPerson.get(null)?.open ?? 0,
    per_person: perPerson,
  };
}
