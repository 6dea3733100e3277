import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newId,
  type ComplianceCounts,
  type RoundCompliance,
  type RoundTemplateDefinition,
} from '@urs/sync-protocol';

type RoundSchedule = RoundTemplateDefinition['schedule'];
import { makeTestApp, type TestApp } from '../test/harness.js';
import { nextChangeSeq } from '../db/change-seq.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
import * as t from '../db/schema.js';

/*
 * Compliance (decision 030) against a brute force over the same rows: random templates of every
 * schedule kind, with versions changing the schedule mid-period, pauses, an archived one,
 * closings on time and late, kept completions; every day of the period walked one by one with
 * plain date arithmetic, each occurrence's closing completion read by its own query. Both
 * engines (URS_TEST_ENGINE).
 */

const NOW = Date.parse('2026-12-03T05:00:00Z');
const FROM = '2026-06-01';
const TO = '2026-12-31';
const DAY = 86_400_000;

/*
 * One suite per school offset: east of UTC, where a morning due time is the day before's in
 * UTC, and west of it, where the end of a day is the next one's.
 */
for (const [offsetText, OFFSET, seed] of [
  ['+07:00', 7 * 60, 30],
  ['-05:00', -5 * 60, 41],
] as const) {
  let app: TestApp;
  let token = '';
  const areaIds: string[] = [];
  let people: string[] = [];

  function random(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }
  const rnd = random(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const ms = (date: string) => Date.parse(`${date}T00:00:00Z`);
  const plus = (date: string, n: number) => dayOf(ms(date) + n * DAY);

  function schedule(): RoundSchedule {
    const days = () => [...new Set([int(1, 7), int(1, 7)])];
    switch (int(0, 4)) {
      case 0:
        return { kind: 'daily' };
      case 1:
        return { kind: 'weekdays', weekdays: days() };
      case 2:
        return { kind: 'every_n_days', n: pick([2, 3, 10]) };
      case 3:
        return { kind: 'every_n_weeks', n: pick([1, 2, 3]), weekdays: days() };
      default:
        return { kind: 'day_of_month', day: pick([1, 15, 29, 31]) };
    }
  }

  interface Seeded {
    id: string;
    assigneeUser: string | null;
    role: string | null;
    startDate: string;
    archivedOn: string | null;
    pauses: { from: string; to: string | null }[];
    versions: {
      effectiveFrom: string;
      schedule: RoundSchedule;
      dueTime: string | null;
      areas: string[];
    }[];
  }
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    app = await makeTestApp({ SCHOOL_UTC_OFFSET: offsetText }, { now: () => new Date(NOW) });
    const admin = await app.signIn('admin');
    token = admin.token;
    people = [
      admin.user.id,
      (await app.signIn('custodian')).user.id,
      (await app.signIn('gardener')).user.id,
    ];
    for (const name of ['Gedung A', 'Gedung B', 'Taman']) {
      const res = await app.request('/api/areas', { method: 'POST', token, json: { name } });
      areaIds.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    await app.db.write(async (tx) => {
      const seq = () => nextChangeSeq(tx, FIRST_SCHOOL_ID);
      for (let i = 0; i < 14; i++) {
        const after = i >= 11;
        const startDate = plus('2026-05-01', int(0, 90));
        const versions: Seeded['versions'] = [];
        const nVersions = after ? 1 : int(1, 3);
        for (let v = 0; v < nVersions; v++) {
          versions.push({
            effectiveFrom: v === 0 ? '2026-04-01' : plus('2026-06-15', v * int(20, 60)),
            schedule: after ? { kind: 'after_completion', n: pick([3, 7, 30]) } : schedule(),
            dueTime: rnd() < 0.5 ? null : pick(['06:30', '08:00', '23:59']),
            areas: rnd() < 0.3 ? [areaIds[0] ?? '', areaIds[1] ?? ''] : [pick(areaIds)],
          });
        }
        versions.sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
        const pauses =
          rnd() < 0.3
            ? [
                {
                  from: plus('2026-07-01', int(0, 60)),
                  to: rnd() < 0.3 ? null : plus('2026-09-10', int(0, 30)),
                },
              ]
            : [];
        const archivedOn = i === 3 ? '2026-10-20' : null;
        const id = newId();
        seeded.push({
          id,
          startDate,
          archivedOn,
          pauses,
          versions,
          assigneeUser: i % 2 === 0 ? (people[1] ?? null) : null,
          role: i % 2 === 0 ? null : 'gardener',
        });
        const last = versions.at(-1);
        if (last === undefined) throw new Error('no version');
        const now = new Date(NOW).toISOString();
        const def = (v: Seeded['versions'][number]) => ({
          title: `Rutin ${i}`,
          area_ids: v.areas,
          category_id: null,
          work_type: null,
          items: [
            {
              id: 'ok',
              label: 'Beres',
              kind: 'pass_fail_na' as const,
              unit: null,
              photo: 'none' as const,
            },
          ],
          assignee_user_id: i % 2 === 0 ? (people[1] ?? null) : null,
          assignee_role: i % 2 === 0 ? null : ('gardener' as const),
          schedule: v.schedule,
          start_date: startDate,
          end_date: i === 5 ? '2026-11-15' : null,
          due_time: v.dueTime,
        });
        const d = def(last);
        await tx.insert(t.roundTemplates).values({
          id,
          schoolId: FIRST_SCHOOL_ID,
          version: versions.length,
          title: d.title,
          areaIds: d.area_ids,
          items: d.items,
          assigneeUserId: d.assignee_user_id,
          assigneeRole: d.assignee_role,
          schedule: d.schedule,
          startDate,
          endDate: d.end_date,
          dueTime: d.due_time,
          paused: pauses.at(-1)?.to === null,
          pauses,
          archivedOn,
          deletedAt: archivedOn === null ? null : now,
          createdAt: now,
          updatedAt: now,
          changeSeq: await seq(),
        });
        for (const [n, v] of versions.entries()) {
          await tx.insert(t.roundTemplateVersions).values({
            templateId: id,
            version: n + 1,
            schoolId: FIRST_SCHOOL_ID,
            definition: def(v),
            effectiveFrom: v.effectiveFrom,
            createdAt: now,
          });
        }
        // Completions on random days from the start to now: some on time, some late, some
        // kept behind a closing one; the brute force reads only the closing ones.
        const rows: (typeof t.roundCompletions.$inferInsert)[] = [];
        for (let day = startDate; ms(day) < NOW; day = plus(day, 1)) {
          if (rnd() < 0.45) continue;
          // 8 and 24: exactly at an 08:00 due time and at the end of a day without one.
          const hour = pick([0, 1, 5, 8, 16, 24, 30, 60]);
          const completedAt = new Date(ms(day) - OFFSET * 60_000 + hour * 3_600_000).toISOString();
          for (const closing of rnd() < 0.15 ? [true, false] : [true]) {
            rows.push({
              id: newId(),
              schoolId: FIRST_SCHOOL_ID,
              templateId: id,
              templateVersion: 1,
              occurrenceId: `${id}:${day}`,
              occurrenceDate: day,
              completedBy: pick(people),
              completedAt,
              answers: [],
              closing,
              createdAt: now,
              updatedAt: now,
              changeSeq: await seq(),
            });
          }
        }
        for (let at = 0; at < rows.length; at += 100) {
          await tx.insert(t.roundCompletions).values(rows.slice(at, at + 100));
        }
      }
    });
  }, 120_000);
  afterAll(() => app.close());

  /* ---- The brute force: day by day, one query per occurrence ---- */

  function weekday(date: string): number {
    const d = new Date(ms(date)).getUTCDay();
    return d === 0 ? 7 : d;
  }

  /** Whether the schedule names the day, from a start, nothing else considered. */
  function names(s: RoundSchedule, start: string, date: string, anchor: string): boolean {
    if (date < start) return false;
    const diff = Math.round((ms(date) - ms(start)) / DAY);
    switch (s.kind) {
      case 'daily':
        return true;
      case 'weekdays':
        return s.weekdays.includes(weekday(date));
      case 'every_n_days':
        return diff % s.n === 0;
      case 'every_n_weeks': {
        const monday = plus(start, -(weekday(start) - 1));
        const weeks = Math.floor(Math.round((ms(date) - ms(monday)) / DAY) / 7);
        return weeks % s.n === 0 && s.weekdays.includes(weekday(date));
      }
      case 'day_of_month': {
        const at = new Date(ms(date));
        const lastDay = new Date(
          Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0),
        ).getUTCDate();
        return at.getUTCDate() === Math.min(s.day, lastDay);
      }
      case 'after_completion': {
        const d = Math.round((ms(date) - ms(anchor)) / DAY);
        return d >= 0 && d % s.n === 0;
      }
    }
  }

  async function closingOf(occurrence: string): Promise<{ at: string; by: string } | null> {
    const rows = await app.db.rows<{
      completed_at: string;
      completed_by: string;
      closing: unknown;
    }>(
      'SELECT completed_at, completed_by, closing FROM round_completions WHERE occurrence_id = ?',
      [occurrence],
    );
    const closing = rows.find((r) => r.closing === true || r.closing === 1);
    return closing === undefined ? null : { at: closing.completed_at, by: closing.completed_by };
  }

  interface Expected {
    byTemplate: Map<string, ComplianceCounts>;
    byArea: Map<string, ComplianceCounts>;
    byPerson: Map<string, ComplianceCounts>;
  }

  async function bruteForce(): Promise<Expected> {
    const out = new Map<string, ComplianceCounts>();
    const byArea = new Map<string, ComplianceCounts>();
    const byPerson = new Map<string, ComplianceCounts>();
    const tally = (
      map: Map<string, ComplianceCounts>,
      key: string,
      status: keyof ComplianceCounts,
    ) => {
      const c = map.get(key) ?? { on_time: 0, late: 0, missed: 0, open: 0 };
      c[status] += 1;
      map.set(key, c);
    };
    for (const tpl of seeded) {
      const counts = { on_time: 0, late: 0, missed: 0, open: 0 };
      let anchor = tpl.startDate;
      const endDate = tpl.id === seeded[5]?.id ? '2026-11-15' : null;
      for (let date = tpl.startDate; date <= TO; date = plus(date, 1)) {
        let v = tpl.versions[0];
        for (const w of tpl.versions) if (w.effectiveFrom <= date) v = w;
        if (v === undefined) throw new Error('no version');
        const s = v.schedule;
        if (!names(s, tpl.startDate, date, anchor)) continue;
        if (endDate !== null && date > endDate) continue;
        if (tpl.archivedOn !== null && date >= tpl.archivedOn) continue;
        if (tpl.pauses.some((p) => date >= p.from && (p.to === null || date < p.to))) continue;
        const closing = await closingOf(`${tpl.id}:${date}`);
        const done = closing?.at ?? null;
        if (s.kind === 'after_completion' && done !== null) {
          anchor = plus(dayOf(Date.parse(done) + OFFSET * 60_000), s.n);
        }
        if (date < FROM) continue;
        const [h, m] = (v.dueTime ?? '24:00').split(':').map(Number) as [number, number];
        const due = ms(date) + (h * 60 + m - OFFSET) * 60_000;
        let next = plus(date, 1);
        if (s.kind === 'after_completion') next = plus(date, s.n);
        else while (!names(s, tpl.startDate, next, anchor)) next = plus(next, 1);
        const close = ms(next) - OFFSET * 60_000;
        const status =
          done !== null
            ? Date.parse(done) <= due
              ? 'on_time'
              : 'late'
            : NOW >= close
              ? 'missed'
              : 'open';
        counts[status] += 1;
        for (const area of v.areas) tally(byArea, area, status);
        const who =
          closing !== null
            ? `u:${closing.by}`
            : tpl.assigneeUser !== null
              ? `u:${tpl.assigneeUser}`
              : `r:${tpl.role ?? ''}`;
        tally(byPerson, who, status);
      }
      out.set(tpl.id, counts);
    }
    return { byTemplate: out, byArea, byPerson };
  }

  describe(`round compliance at UTC${offsetText}`, () => {
    it('matches a brute-force count over the same rows, per template and in total', async () => {
      const res = await app.request(`/api/rounds/compliance?from=${FROM}&to=${TO}`, { token });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as RoundCompliance;
      const brute = await bruteForce();
      const expected = brute.byTemplate;
      const got = new Map(
        answer.by_template.map((r) => [
          r.template_id,
          { on_time: r.on_time, late: r.late, missed: r.missed, open: r.open },
        ]),
      );
      for (const tpl of seeded) {
        const want = expected.get(tpl.id);
        const have = got.get(tpl.id) ?? { on_time: 0, late: 0, missed: 0, open: 0 };
        expect(have, JSON.stringify(tpl)).toEqual(want);
      }
      const sum = [...expected.values()].reduce(
        (acc, c) => ({
          on_time: acc.on_time + c.on_time,
          late: acc.late + c.late,
          missed: acc.missed + c.missed,
          open: acc.open + c.open,
        }),
        { on_time: 0, late: 0, missed: 0, open: 0 },
      );
      expect(answer.totals).toEqual(sum);
      const counts = (r: ComplianceCounts) => ({
        on_time: r.on_time,
        late: r.late,
        missed: r.missed,
        open: r.open,
      });
      expect(new Map(answer.by_area.map((r) => [r.area_id, counts(r)]))).toEqual(brute.byArea);
      expect(
        new Map(
          answer.by_person.map((r) => [
            r.user_id !== null ? `u:${r.user_id}` : `r:${r.role ?? ''}`,
            counts(r),
          ]),
        ),
      ).toEqual(brute.byPerson);
      // Every kind of outcome is there, so the comparison means something.
      expect(Math.min(sum.on_time, sum.late, sum.missed, sum.open)).toBeGreaterThan(0);
    });

    it('the calendar of a month holds the same occurrences, day by day', async () => {
      const res = await app.request('/api/rounds/calendar?month=2026-11', { token });
      const calendar = (await res.json()) as {
        days: { date: string; on_time: number; late: number; missed: number; open: number }[];
        occurrences: { date: string }[];
      };
      expect(calendar.days).toHaveLength(30);
      const period = await app.request('/api/rounds/compliance?from=2026-11-01&to=2026-11-30', {
        token,
      });
      const totals = ((await period.json()) as RoundCompliance).totals;
      const summed = calendar.days.reduce((n, d) => n + d.on_time + d.late + d.missed + d.open, 0);
      expect(summed).toBe(calendar.occurrences.length);
      expect(summed).toBe(totals.on_time + totals.late + totals.missed + totals.open);
    });

    it('exports every occurrence of the period as a sheet, statuses as the counts say', async () => {
      const url = '/api/rounds/compliance?from=2026-11-01&to=2026-11-30';
      const totals = ((await (await app.request(url, { token })).json()) as RoundCompliance).totals;
      const res = await app.request('/api/rounds/compliance/export?from=2026-11-01&to=2026-11-30', {
        token,
      });
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      const sheet = book.getWorksheet('Kepatuhan');
      const statuses: string[] = [];
      sheet?.eachRow((row, n) => {
        if (n > 1) statuses.push(row.getCell(6).text);
      });
      const count = (label: string) => statuses.filter((x) => x === label).length;
      expect({
        on_time: count('Tepat waktu'),
        late: count('Terlambat'),
        missed: count('Terlewat'),
        open: count('Belum jatuh tempo'),
      }).toEqual(totals);
    });
  });
}
