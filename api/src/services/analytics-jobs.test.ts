import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  completedOnTime,
  isOverdue,
  newId,
  REPORT_STATUSES,
  type PersonJobFigures,
} from '@urs/sync-protocol';
import { areas, reports, users } from '../db/schema.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
import { useSyncFixture } from '../sync/test-kit.js';
import { analyticsSnapshot } from './analytics.js';
import { completionBucket } from './job-tallies.js';
import { random } from '../test/random.js';

const wib = { offsetMinutes: 420 };
const NOW = new Date('2026-11-22T05:00:00.000Z'); // Sunday 12:00 WIB
/** The first instant of the 30 days ending today (24 October, 00:00 WIB). */
const PERIOD_FROM = '2026-10-23T17:00:00.000Z';

const f = useSyncFixture('technician', 'Bengkel');

interface Row {
  id: string;
  schoolId: string;
  reporterId: string;
  assigneeId: string | null;
  areaId: string;
  status: (typeof REPORT_STATUSES)[number];
  reportedAt: string;
  dueDate: string | null;
  dueTime: string | null;
  completedAt: string | null;
  deletedAt: string | null;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const pad = (n: number) => String(n).padStart(2, '0');

/** Jobs of the given people over the last 40 days, open and done, some deleted, some late. */
function generated(people: (string | null)[], areaId: string, count: number): Row[] {
  const next = random(28);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const reported = NOW.getTime() - Math.floor(next() * 40 * DAY);
    const assigneeId = pick(people);
    const status = pick(REPORT_STATUSES);
    const hasDue = next() < 0.6;
    const due = reported + Math.floor((next() - 0.2) * 6 * DAY);
    let completedAt: string | null = null;
    if (status === 'completed') {
      const roll = next();
      // At the period's first instant, a millisecond before it, or some time after filing.
      completedAt =
        roll < 0.05
          ? PERIOD_FROM
          : roll < 0.1
            ? iso(Date.parse(PERIOD_FROM) - 1)
            : iso(reported + Math.floor(next() * 5 * DAY) + (i % 7));
    }
    rows.push({
      id: newId(),
      schoolId: FIRST_SCHOOL_ID,
      reporterId: assigneeId ?? (people[0] as string),
      assigneeId,
      areaId,
      status,
      reportedAt: iso(reported),
      dueDate: hasDue ? iso(due + 7 * 3_600_000).slice(0, 10) : null,
      dueTime: hasDue && next() < 0.5 ? `${pad(Math.floor(next() * 24))}:${pad(i % 60)}` : null,
      completedAt,
      deletedAt: next() < 0.05 ? iso(NOW.getTime() - DAY) : null,
    });
  }
  return rows;
}

async function store(rows: readonly Row[]) {
  const at = '2026-09-01T00:00:00.000Z';
  const values = rows.map((r, i) => ({
    ...r,
    createdAt: at,
    updatedAt: at,
    changeSeq: 5000 + i,
    workType: 'repair' as const,
    description: 'x',
  }));
  for (let i = 0; i < values.length; i += 200) {
    await f.t.db.write((tx) => tx.insert(reports).values(values.slice(i, i + 200)));
  }
}

/** The figures counted one job at a time with the contract's functions. */
function bruteForce(rows: readonly Row[], names: Map<string, string>) {
  const live = rows.filter((r) => r.schoolId === FIRST_SCHOOL_ID && r.deletedAt === null);
  const jobOf = (r: Row) => ({
    status: r.status,
    due_date: r.dueDate,
    due_time: r.dueTime,
    completed_at: r.completedAt,
  });
  /** The median the screen shows: of the completions' buckets (job-tallies.ts). */
  const median = (values: number[]) =>
    exactMedian(values.map((ms) => completionBucket(ms) * 60_000));
  const exactMedian = (values: number[]) => {
    if (values.length === 0) return null;
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor((sorted.length - 1) / 2);
    const pair = sorted.length % 2 === 1 ? [sorted[mid], sorted[mid]] : sorted.slice(mid, mid + 2);
    return Math.round(((pair[0] ?? 0) + (pair[1] ?? 0)) / 2);
  };
  const durations = (done: Row[]) =>
    done.map((r) => Date.parse(r.completedAt ?? '') - Date.parse(r.reportedAt));
  const figuresOf = (mine: Row[]) => {
    const open = mine.filter((r) => r.status === 'pending' || r.status === 'in_progress');
    const done = mine.filter(
      (r) => r.status === 'completed' && r.completedAt !== null && r.completedAt >= PERIOD_FROM,
    );
    const timely = done.map((r) => completedOnTime(jobOf(r), wib.offsetMinutes));
    const withDue = timely.filter((t) => t !== null).length;
    const onTime = timely.filter((t) => t === true).length;
    return {
      open: open.length,
      overdue: open.filter((r) => isOverdue(jobOf(r), NOW.getTime(), wib.offsetMinutes)).length,
      completed_30d: done.length,
      with_due_30d: withDue,
      on_time_30d: onTime,
      on_time_rate: withDue === 0 ? null : Math.round((onTime / withDue) * 1000) / 10,
      median_completion_ms: median(durations(done)),
    };
  };
  const holders = [...new Set(live.map((r) => r.assigneeId))];
  const perPerson = holders
    .map((id) => ({ id, mine: live.filter((r) => r.assigneeId === id) }))
    .map(({ id, mine }) => ({
      id,
      name: id === null ? null : (names.get(id) ?? null),
      ...figuresOf(mine),
    }))
    .filter((p) => p.open > 0 || p.completed_30d > 0);
  return { total: figuresOf(live), perPerson };
}

describe('job analytics', () => {
  it('match a count one job at a time: open, overdue, on time and median per person and overall', async () => {
    const people: string[] = [];
    const names = new Map<string, string>();
    for (const role of ['technician', 'custodian', 'gardener', 'custodian'] as const) {
      const { user } = await f.t.signIn(role);
      people.push(user.id);
      names.set(user.id, user.name);
    }
    // Someone who left still holds work: it is theirs until the admin gives it to someone else.
    await f.t.db.write((tx) =>
      tx
        .update(users)
        .set({ deletedAt: NOW.toISOString() })
        .where(eq(users.id, people[3] ?? '')),
    );
    const rows = generated([...people, null], f.areaId, 900);
    // Another school's jobs never count.
    const other = await f.t.createSchool('SMP Lain');
    const { user: stranger } = await f.t.signIn('technician', undefined, { schoolId: other });
    const otherArea = newId();
    await f.t.db.write((tx) =>
      tx.insert(areas).values({
        id: otherArea,
        schoolId: other,
        name: 'Lain',
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
        changeSeq: 1,
      }),
    );
    const foreign = generated([stranger.id], otherArea, 60).map((r) => ({ ...r, schoolId: other }));
    await store([...rows, ...foreign]);

    const { jobs } = await analyticsSnapshot(f.t.db, FIRST_SCHOOL_ID, wib, NOW);
    const expected = bruteForce(rows, names);
    const { per_person: perPerson, unassigned, ...total } = jobs;
    expect(total).toEqual(expected.total);
    expect(unassigned).toBe(expected.perPerson.find((p) => p.id === null)?.open ?? 0);
    const byId = (list: readonly { id: string | null }[]) =>
      [...list].sort((a, b) => (a.id ?? '').localeCompare(b.id ?? ''));
    expect(byId(perPerson.map(({ role: _role, ...p }) => p))).toEqual(byId(expected.perPerson));
    expect(perPerson.find((p) => p.id === people[2])?.role).toBe('gardener');

    // The most overdue first, then the most open work.
    const order = (a: PersonJobFigures, b: PersonJobFigures) =>
      b.overdue - a.overdue || b.open - a.open;
    expect([...perPerson].sort(order).map((p) => p.id)).toEqual(perPerson.map((p) => p.id));
    // The generated jobs reach every figure.
    expect(total.overdue).toBeGreaterThan(20);
    expect(total.on_time_30d).toBeGreaterThan(10);
    expect(total.with_due_30d).toBeGreaterThan(total.on_time_30d);
    expect(unassigned).toBeGreaterThan(0);
  });

  it('take the middle of an odd count and the mean of the middle two of an even one', async () => {
    const { user } = await f.t.signIn('technician');
    const filed = '2026-11-20T00:00:00.000Z';
    const after = (hours: number) => iso(Date.parse(filed) + hours * 3_600_000);
    const job = (assigneeId: string | null, hours: number): Row => ({
      id: newId(),
      schoolId: FIRST_SCHOOL_ID,
      reporterId: user.id,
      assigneeId,
      areaId: f.areaId,
      status: 'completed',
      reportedAt: filed,
      dueDate: '2026-11-20',
      dueTime: null, // due at 24:00 WIB on the 20th: 17:00 UTC
      completedAt: after(hours),
      deletedAt: null,
    });
    await store([job(user.id, 1), job(user.id, 30), job(user.id, 2), job(null, 4)]);
    const { jobs } = await analyticsSnapshot(f.t.db, FIRST_SCHOOL_ID, wib, NOW);
    expect(jobs.per_person.find((p) => p.id === user.id)).toMatchObject({
      completed_30d: 3,
      with_due_30d: 3,
      on_time_30d: 2,
      on_time_rate: 66.7,
      median_completion_ms: 2 * 3_600_000,
    });
    expect(jobs).toMatchObject({
      completed_30d: 4,
      on_time_rate: 75,
      median_completion_ms: 3 * 3_600_000,
      unassigned: 0,
    });
  });

  it('answer zeros and no rate or median for a school without jobs', async () => {
    const { jobs } = await analyticsSnapshot(f.t.db, FIRST_SCHOOL_ID, wib, NOW);
    expect(jobs).toEqual({
      open: 0,
      overdue: 0,
      completed_30d: 0,
      with_due_30d: 0,
      on_time_30d: 0,
      on_time_rate: null,
      median_completion_ms: null,
      unassigned: 0,
      per_person: [],
    });
  });
});
