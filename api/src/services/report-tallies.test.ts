import { asc, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId, REPORT_STATUSES, WORK_TYPES, type PushResponse } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import {
  jobDoneDays,
  jobOpenDays,
  jobOpenMonths,
  reportAreaDays,
  reportDays,
  reportReporterDays,
  reports,
  reportTotals,
  schools,
  users,
} from '../db/schema.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
import { recountedSnapshot } from '../test/analytics-oracle.js';
import { TestDevice, useSyncFixture } from '../sync/test-kit.js';
import { analyticsSnapshot } from './analytics.js';
import { ensureTallies, recountSchool } from './report-tallies.js';

const wib = { offsetMinutes: 420 };
const DAY = 86_400_000;

/** A small seeded generator (mulberry32), so a failing history can be run again. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/** Every kept row of the school with a count, in key order: what the readers see. */
async function keptFigures(db: Db) {
  const of = FIRST_SCHOOL_ID;
  return {
    totals: await db
      .select()
      .from(reportTotals)
      .where(eq(reportTotals.schoolId, of))
      .orderBy(asc(reportTotals.areaId), asc(reportTotals.status))
      .then((rows) => rows.filter((r) => Number(r.n) !== 0)),
    days: await db
      .select()
      .from(reportDays)
      .where(eq(reportDays.schoolId, of))
      .orderBy(asc(reportDays.day))
      .then((rows) => rows.filter((r) => Number(r.n) !== 0)),
    areaDays: await db
      .select()
      .from(reportAreaDays)
      .where(eq(reportAreaDays.schoolId, of))
      .orderBy(asc(reportAreaDays.day), asc(reportAreaDays.areaId))
      .then((rows) => rows.filter((r) => Number(r.n) !== 0)),
    jobMonths: await db
      .select()
      .from(jobOpenMonths)
      .where(eq(jobOpenMonths.schoolId, of))
      .orderBy(asc(jobOpenMonths.assigneeId), asc(jobOpenMonths.month))
      .then((rows) => rows.filter((r) => Number(r.n) !== 0)),
    jobDays: await db
      .select()
      .from(jobOpenDays)
      .where(eq(jobOpenDays.schoolId, of))
      .orderBy(asc(jobOpenDays.day), asc(jobOpenDays.assigneeId), asc(jobOpenDays.time))
      .then((rows) => rows.filter((r) => Number(r.n) !== 0)),
    jobDone: await db
      .select()
      .from(jobDoneDays)
      .where(eq(jobDoneDays.schoolId, of))
      .orderBy(asc(jobDoneDays.day), asc(jobDoneDays.assigneeId), asc(jobDoneDays.minutes))
      .then((rows) => rows.filter((r) => Number(r.n) !== 0)),
    reporterDays: await db
      .select()
      .from(reportReporterDays)
      .where(eq(reportReporterDays.schoolId, of))
      .orderBy(asc(reportReporterDays.day), asc(reportReporterDays.reporterId))
      .then((rows) => rows.filter((r) => Number(r.n) !== 0)),
  };
}

const f = useSyncFixture('gardener', 'Taman');

async function idOf(res: Response): Promise<string> {
  return ((await res.json()) as { data: { id: string } }).data.id;
}

describe('the kept report figures', () => {
  it('equal a full recount after a random history through the push and the REST routes', async () => {
    const { t, admin, staff } = f;
    const random = seeded(20261203);
    const post = (path: string, json: unknown) =>
      t.request(path, { method: 'POST', token: admin.token, json });
    const areaIds = [
      f.areaId,
      await idOf(await post('/api/areas', { name: 'Kantin' })),
      await idOf(await post('/api/areas', { name: 'Aula' })),
    ];
    const categoryIds = [
      await idOf(await post('/api/categories', { name: 'Kebersihan' })),
      await idOf(await post('/api/categories', { name: 'Listrik' })),
    ];
    const technician = await t.signIn('technician');
    const cleaner = new TestDevice(t, technician.token);
    // Whom jobs go to (the queue too), and due days from 40 days back to 20 ahead, in WIB.
    const assignees = [null, technician.user.id, (await t.signIn('custodian')).user.id];
    const wibDay = (offsetDays: number) =>
      new Date(Date.now() + 7 * 3_600_000 + offsetDays * DAY).toISOString().slice(0, 10);
    const plan = () => {
      const due = random.below(5) === 0 ? null : wibDay(random.below(60) - 40);
      const time =
        due === null || random.below(2) === 0
          ? null
          : `${String(random.below(24)).padStart(2, '0')}:${String(random.below(4) * 15).padStart(2, '0')}`;
      return { assignee_id: random.pick(assignees), due_date: due, due_time: time };
    };
    // A status change now, or made offline up to ten days ago and arriving now.
    const when = () =>
      random.below(2) === 0
        ? {}
        : { at: new Date(Date.now() - random.below(10 * 24 * 60) * 60_000).toISOString() };
    // Accounts made two months ago, so work filed offline weeks back keeps its own date.
    await t.db.write((tx) =>
      tx.update(users).set({ createdAt: new Date(Date.now() - 60 * DAY).toISOString() }),
    );
    const posters = (
      (await (await t.request('/api/posters', { token: admin.token })).json()) as {
        data: { posters: { token: string }[] };
      }
    ).data.posters;

    const devices = [admin, staff, cleaner];
    const made: string[] = [];
    const applied = new Map<string, number>();
    const count = (what: string, res: PushResponse | Response) => {
      const ok = res instanceof Response ? res.ok : res.results[0]?.status === 'applied';
      if (ok) applied.set(what, (applied.get(what) ?? 0) + 1);
    };

    for (let step = 0; step < 200; step++) {
      const device = random.pick(devices);
      const kind = made.length < 5 ? 0 : random.below(10);
      if (kind <= 1) {
        // A report filed now, or offline up to 40 days ago (and in any hour) arriving now.
        const id = newId();
        const late = random.below(3) > 0;
        const filed = late ? Date.now() - random.below(40 * 24) * 3_600_000 : Date.now();
        const res = await device.push([
          'report.create',
          {
            id,
            area_id: random.pick(areaIds),
            category_id: random.below(2) === 0 ? null : random.pick(categoryIds),
            work_type: random.pick(WORK_TYPES),
            description: `Laporan ${step}`,
            ...(random.below(2) === 0 && { status: random.pick(REPORT_STATUSES) }),
            reported_at: new Date(filed).toISOString(),
          },
        ]);
        count(late ? 'late create' : 'create', res);
        made.push(id);
      } else if (kind === 2) {
        const res = await device.push([
          'report.update',
          {
            id: random.pick(made),
            area_id: random.pick(areaIds),
            category_id: random.pick([null, ...categoryIds]),
          },
        ]);
        count('edit', res);
      } else if (kind === 3) {
        const res = await device.push([
          'report.set_status',
          { id: random.pick(made), status: random.pick(REPORT_STATUSES), ...when() },
        ]);
        count('push status', res);
      } else if (kind === 4) {
        const res = await t.request(`/api/reports/${random.pick(made)}/status`, {
          method: 'POST',
          token: admin.token,
          json: { status: random.pick(REPORT_STATUSES) },
        });
        count('REST status', res);
      } else if (kind === 5) {
        const res = await device.push(['report.delete', { id: random.pick(made) }]);
        count('delete', res);
      } else if (kind === 6 && posters.length > 0) {
        const form = new FormData();
        form.set('description', `Masalah ${step}`);
        const res = await t.request(`/api/public/posters/${random.pick(posters).token}/reports`, {
          method: 'POST',
          body: form,
          headers: { 'x-forwarded-for': `10.0.0.${step}` },
        });
        count('poster create', res);
      } else if (kind === 8) {
        const res = await admin.push([
          'report.set_job',
          { id: random.pick(made), event_id: newId(), ...plan() },
        ]);
        count('push job', res);
      } else if (kind === 9) {
        const res = await t.request(`/api/reports/${random.pick(made)}/job`, {
          method: 'PATCH',
          token: admin.token,
          json: plan(),
        });
        count('REST job', res);
      } else {
        const res = await t.request(`/api/reports/${random.pick(made)}/hand-back`, {
          method: 'POST',
          token: random.pick([staff, cleaner]).token,
          json: {},
        });
        count('REST hand back', res);
      }
    }
    // Every kind of write happened at least once.
    for (const what of [
      'create',
      'late create',
      'edit',
      'push status',
      'REST status',
      'delete',
      'poster create',
      'push job',
      'REST job',
    ]) {
      expect(applied.get(what) ?? 0, what).toBeGreaterThan(0);
    }
    const late = await t.db
      .select({ id: reports.id })
      .from(reports)
      .where(gt(reports.createdAt, reports.reportedAt));
    expect(late.length).toBeGreaterThan(0);

    const now = new Date();
    // The screen from the kept figures is the screen from the reports, figure for figure.
    const screen = await analyticsSnapshot(t.db, FIRST_SCHOOL_ID, wib, now);
    expect(screen).toEqual(await recountedSnapshot(t.db, FIRST_SCHOOL_ID, wib, now));
    // The history reached every job figure: open, overdue, the queue, completions, the median.
    expect(screen.jobs.overdue).toBeGreaterThan(0);
    expect(screen.jobs.open).toBeGreaterThan(screen.jobs.overdue);
    expect(screen.jobs.unassigned).toBeGreaterThan(0);
    expect(screen.jobs.with_due_30d).toBeGreaterThan(0);
    expect(screen.jobs.median_completion_ms).not.toBeNull();
    expect(screen.jobs.per_person.length).toBeGreaterThan(2);
    // At any instant of the day: overdue turns on due times, today's and this month's.
    for (const hours of [1, 5, 11, 17, 23]) {
      const later = new Date(
        Date.parse(`${wibDay(0)}T00:00:00.000Z`) - 7 * 3_600_000 + hours * 3_600_000,
      );
      expect((await analyticsSnapshot(t.db, FIRST_SCHOOL_ID, wib, later)).jobs).toEqual(
        (await recountedSnapshot(t.db, FIRST_SCHOOL_ID, wib, later)).jobs,
      );
    }
    // And each kept count is the recount's.
    const kept = await keptFigures(t.db);
    expect(kept.days.length).toBeGreaterThan(1);
    expect(kept.jobDays.length).toBeGreaterThan(1);
    expect(kept.jobDone.length).toBeGreaterThan(1);
    await t.db.write((tx) => recountSchool(tx, FIRST_SCHOOL_ID, wib));
    expect(kept).toEqual(await keptFigures(t.db));
  });

  it('are recounted in the configured offset when the school’s differ', async () => {
    const { t, staff } = f;
    await t.db.write((tx) =>
      tx.update(users).set({ createdAt: new Date(Date.now() - 60 * DAY).toISOString() }),
    );
    for (let h = 0; h < 48; h += 5) {
      await staff.push([
        'report.create',
        {
          id: newId(),
          area_id: f.areaId,
          work_type: 'cleaning',
          description: 'x',
          reported_at: new Date(Date.now() - h * 3_600_000).toISOString(),
        },
      ]);
    }
    const wit = { offsetMinutes: 540 };
    const now = new Date();
    await ensureTallies(t.db, FIRST_SCHOOL_ID, wit);
    const [school] = await t.db
      .select({ offset: schools.tallyOffsetMinutes })
      .from(schools)
      .where(eq(schools.id, FIRST_SCHOOL_ID));
    expect(Number(school?.offset)).toBe(540);
    expect(await analyticsSnapshot(t.db, FIRST_SCHOOL_ID, wit, now)).toEqual(
      await recountedSnapshot(t.db, FIRST_SCHOOL_ID, wit, now),
    );
  });
});
