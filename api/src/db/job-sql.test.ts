import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  completedOnTime,
  dueInstant,
  isOverdue,
  newId,
  REPORT_STATUSES,
  schoolDay,
} from '@urs/sync-protocol';
import { useSyncFixture } from '../sync/test-kit.js';
import { completedOnTimeSql, overdueSql, reportDueInstant } from './job-sql.js';
import { FIRST_SCHOOL_ID } from './schools.js';
import { reports, users } from './schema.js';
import { random } from '../test/random.js';

const f = useSyncFixture('technician', 'Bengkel');

/** WIB, WITA, WIT, UTC, and offsets that are no whole hour or put the day far from UTC's. */
const OFFSETS = [420, 480, 540, 0, -210, 345, 840, -720];
/**
 * 00:30 WIB on the 22nd is 17:30 UTC on the 21st: the school's day is ahead of UTC's. Then the
 * middle of a WIB day, and half a minute into the last minute of a UTC year.
 */
const NOWS = ['2026-11-21T17:30:00.000Z', '2026-11-22T05:00:00.000Z', '2026-12-31T23:59:30.500Z'];
const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

interface Job {
  id: string;
  status: (typeof REPORT_STATUSES)[number];
  due_date: string | null;
  due_time: string | null;
  completed_at: string | null;
}

/**
 * Jobs due around each `now` in every offset's calendar: on the school's day and the days
 * beside it, at its current minute and the one after (the edge of `<=`), at the end of the day
 * (no time), at random times; completed at, just after or around their due instant.
 */
function generatedJobs(count: number): Job[] {
  const next = random(40);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const jobs: Job[] = [];
  const job = (due_date: string | null, due_time: string | null): Job => {
    const status = pick(REPORT_STATUSES);
    const offset = pick(OFFSETS);
    const due = dueInstant(due_date, due_time, offset);
    const roll = next();
    let completed_at: string | null = null;
    if (roll < 0.7) {
      const base = due ?? Date.parse(pick(NOWS));
      const shift = roll < 0.25 ? 0 : roll < 0.35 ? 1 : Math.round((next() - 0.5) * 4 * 86_400_000);
      completed_at = new Date(base + shift).toISOString();
    }
    return { id: newId(), status, due_date, due_time, completed_at };
  };
  for (const nowText of NOWS) {
    const now = Date.parse(nowText);
    for (const offset of OFFSETS) {
      const today = schoolDay(now, offset);
      const minute = Math.floor((((now / 60_000 + offset) % 1440) + 1440) % 1440);
      const yesterday = schoolDay(now - 86_400_000, offset);
      for (const status of REPORT_STATUSES) {
        jobs.push({ ...job(today, hhmm(minute)), status });
        jobs.push({ ...job(today, hhmm((minute + 1) % 1440)), status });
        jobs.push({ ...job(today, null), status });
        jobs.push({ ...job(yesterday, null), status });
      }
    }
  }
  while (jobs.length < count) {
    if (next() < 0.1) {
      jobs.push(job(null, null));
      continue;
    }
    const around = Date.parse(pick(NOWS)) + Math.round((next() - 0.5) * 5 * 86_400_000);
    const date = new Date(around).toISOString().slice(0, 10);
    jobs.push(job(date, next() < 0.35 ? null : hhmm(Math.floor(next() * 1440))));
  }
  return jobs;
}

async function store(jobs: readonly Job[]) {
  const [staff] = await f.t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'technician'));
  const at = '2026-11-01T00:00:00.000Z';
  const rows = jobs.map((j, i) => ({
    id: j.id,
    createdAt: at,
    updatedAt: at,
    changeSeq: 1000 + i,
    schoolId: FIRST_SCHOOL_ID,
    reporterId: staff?.id ?? '',
    assigneeId: staff?.id ?? null,
    areaId: f.areaId,
    workType: 'repair' as const,
    description: 'x',
    status: j.status,
    reportedAt: at,
    dueDate: j.due_date,
    dueTime: j.due_time,
    completedAt: j.completed_at,
  }));
  for (let i = 0; i < rows.length; i += 250) {
    await f.t.db.write((tx) => tx.insert(reports).values(rows.slice(i, i + 250)));
  }
}

describe('the SQL twins of the contract job rules', () => {
  it('give dueInstant, isOverdue and completedOnTime answers for every generated row, in every offset', async () => {
    const jobs = generatedJobs(1500);
    await store(jobs);
    const byId = new Map(jobs.map((j) => [j.id, j]));
    let overdueSeen = 0;
    let onTimeSeen = 0;
    let lateSeen = 0;
    for (const offsetMinutes of OFFSETS) {
      const clock = { offsetMinutes };
      for (const nowText of NOWS) {
        const now = new Date(nowText);
        const rows = await f.t.db
          .select({
            id: reports.id,
            due: reportDueInstant(clock),
            overdue: sql<number>`CASE WHEN ${overdueSql(now, clock)} THEN 1 ELSE 0 END`,
            onTime: completedOnTimeSql(clock),
          })
          .from(reports)
          .where(eq(reports.schoolId, FIRST_SCHOOL_ID));
        expect(rows).toHaveLength(jobs.length);
        const wrong = rows.filter((row) => {
          const j = byId.get(row.id);
          if (j === undefined) return true;
          const due = dueInstant(j.due_date, j.due_time, offsetMinutes);
          const onTime = completedOnTime(j, offsetMinutes);
          return (
            row.due !== (due === null ? null : new Date(due).toISOString()) ||
            (Number(row.overdue) === 1) !== isOverdue(j, now.getTime(), offsetMinutes) ||
            (row.onTime === null ? null : Number(row.onTime) === 1) !== onTime
          );
        });
        expect(wrong, `offset ${offsetMinutes}, now ${nowText}`).toEqual([]);

        // As a filter, the same rows as the contract's function picks.
        const filtered = await f.t.db
          .select({ n: sql<number>`count(*)` })
          .from(reports)
          .where(and(eq(reports.schoolId, FIRST_SCHOOL_ID), overdueSql(now, clock)));
        const expected = jobs.filter((j) => isOverdue(j, now.getTime(), offsetMinutes)).length;
        expect(Number(filtered[0]?.n)).toBe(expected);
        overdueSeen += expected;
        onTimeSeen += jobs.filter((j) => completedOnTime(j, offsetMinutes) === true).length;
        lateSeen += jobs.filter((j) => completedOnTime(j, offsetMinutes) === false).length;
      }
    }
    // The generated rows reach every answer, not one side of each rule only.
    expect(overdueSeen).toBeGreaterThan(500);
    expect(onTimeSeen).toBeGreaterThan(500);
    expect(lateSeen).toBeGreaterThan(500);
  });

  it('puts a day without a time at its end, and the school day across midnight UTC', async () => {
    await store([
      {
        id: newId(),
        status: 'pending',
        due_date: '2026-11-21',
        due_time: null,
        completed_at: null,
      },
      {
        id: newId(),
        status: 'pending',
        due_date: '2026-11-22',
        due_time: '00:15',
        completed_at: null,
      },
      {
        id: newId(),
        status: 'pending',
        due_date: '2026-11-22',
        due_time: '00:45',
        completed_at: null,
      },
    ]);
    const wib = { offsetMinutes: 420 };
    const rows = await f.t.db
      .select({ date: reports.dueDate, time: reports.dueTime, due: reportDueInstant(wib) })
      .from(reports)
      .orderBy(reports.dueDate, reports.dueTime);
    expect(rows.map((r) => r.due)).toEqual([
      '2026-11-21T17:00:00.000Z', // the 21st ends at 00:00 WIB on the 22nd, 17:00 UTC the 21st
      '2026-11-21T17:15:00.000Z',
      '2026-11-21T17:45:00.000Z',
    ]);
    // 00:30 WIB on the 22nd (17:30 UTC on the 21st): the 21st and 00:15 have passed, 00:45 not.
    const overdue = await f.t.db
      .select({ time: reports.dueTime })
      .from(reports)
      .where(overdueSql(new Date('2026-11-21T17:30:00.000Z'), wib))
      .orderBy(reports.dueDate);
    expect(overdue.map((r) => r.time)).toEqual([null, '00:15']);
  });
});
