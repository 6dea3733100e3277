import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkAnswers,
  dayNumber,
  dayString,
  doesRound,
  isOccurrence,
  isRoundFor,
  isoWeekday,
  longestGap,
  nextScheduledDay,
  occurrenceId,
  occurrenceStatus,
  occurrenceTiming,
  occurrencesBetween,
  parseOccurrenceId,
  ROUND_SCHEDULE_KINDS,
  type LastCompletion,
  type RoundPlan,
  type RoundSchedule,
} from './rounds.js';
import { schoolDay } from './jobs.js';

const WIB = 7 * 60;
const plan = (schedule: RoundSchedule, over: Partial<RoundPlan> = {}): RoundPlan => ({
  schedule,
  start_date: '2026-01-01',
  end_date: null,
  ...over,
});

describe('days', () => {
  it('numbers and names calendar days with no time zone', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayString(dayNumber('2028-02-29'))).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('gives ISO weekdays, Monday 1 to Sunday 7', () => {
    expect(isoWeekday(dayNumber('1970-01-01'))).toBe(4);
    expect(isoWeekday(dayNumber('2026-12-07'))).toBe(1);
    expect(isoWeekday(dayNumber('2026-12-06'))).toBe(7);
    expect(isoWeekday(dayNumber('1969-12-29'))).toBe(1);
  });

  it('names occurrences by template and day, and reads the names back', () => {
    const t = '0190a3b4-0000-7000-8000-000000000001';
    expect(occurrenceId(t, '2026-12-03')).toBe(`${t}:2026-12-03`);
    expect(parseOccurrenceId(occurrenceId(t, '2028-02-29'))).toEqual({
      templateId: t,
      date: '2028-02-29',
    });
    expect(parseOccurrenceId(`${t}:2027-02-29`)).toBeNull();
    expect(parseOccurrenceId('2026-12-03')).toBeNull();
  });
});

describe('occurrencesBetween, kind by kind', () => {
  it('daily: every day, across a month end and a year end', () => {
    expect(occurrencesBetween(plan({ kind: 'daily' }), '2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(occurrencesBetween(plan({ kind: 'daily' }), '2028-02-28', '2028-03-01')).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(occurrencesBetween(plan({ kind: 'daily' }), '2027-02-28', '2027-03-01')).toEqual([
      '2027-02-28',
      '2027-03-01',
    ]);
  });

  it('weekdays: Monday, Wednesday and Friday', () => {
    // 2026-11-30 is a Monday.
    expect(
      occurrencesBetween(
        plan({ kind: 'weekdays', weekdays: [1, 3, 5] }),
        '2026-11-28',
        '2026-12-07',
      ),
    ).toEqual(['2026-11-30', '2026-12-02', '2026-12-04', '2026-12-07']);
    expect(
      occurrencesBetween(plan({ kind: 'weekdays', weekdays: [7] }), '2026-12-01', '2026-12-14'),
    ).toEqual(['2026-12-06', '2026-12-13']);
  });

  it('every n days: counted from the start date, over February of a leap year', () => {
    const p = plan({ kind: 'every_n_days', n: 3 }, { start_date: '2028-02-25' });
    expect(occurrencesBetween(p, '2028-02-01', '2028-03-08')).toEqual([
      '2028-02-25',
      '2028-02-28',
      '2028-03-02',
      '2028-03-05',
      '2028-03-08',
    ]);
    // A window starting between two occurrences finds the next one, not the window's start.
    expect(occurrencesBetween(p, '2028-02-29', '2028-03-03')).toEqual(['2028-03-02']);
    const ninety = plan({ kind: 'every_n_days', n: 90 }, { start_date: '2026-01-15' });
    expect(occurrencesBetween(ninety, '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-15',
      '2026-04-15',
      '2026-07-14',
      '2026-10-12',
    ]);
  });

  it('every n weeks: the chosen days of every n-th week from the start date`s week', () => {
    // Start on Wednesday 2026-12-02; every 2 weeks on Tuesday and Thursday. Tuesday 2026-12-01
    // is in the first week but before the start: not an occurrence.
    const p = plan({ kind: 'every_n_weeks', n: 2, weekdays: [2, 4] }, { start_date: '2026-12-02' });
    expect(occurrencesBetween(p, '2026-11-25', '2027-01-03')).toEqual([
      '2026-12-03',
      '2026-12-15',
      '2026-12-17',
      '2026-12-29',
      '2026-12-31',
    ]);
    const weekly = plan(
      { kind: 'every_n_weeks', n: 1, weekdays: [6] },
      { start_date: '2026-12-05' },
    );
    expect(occurrencesBetween(weekly, '2026-12-01', '2026-12-20')).toEqual([
      '2026-12-05',
      '2026-12-12',
      '2026-12-19',
    ]);
  });

  it('day of month 31: the last day of each shorter month', () => {
    const p = plan({ kind: 'day_of_month', day: 31 }, { start_date: '2027-01-01' });
    expect(occurrencesBetween(p, '2027-01-01', '2027-06-30')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
    expect(occurrencesBetween(p, '2028-02-01', '2028-03-31')).toEqual(['2028-02-29', '2028-03-31']);
  });

  it('day of month 29 and 30 in February, leap year and not', () => {
    const d29 = plan({ kind: 'day_of_month', day: 29 });
    expect(occurrencesBetween(d29, '2027-02-01', '2027-03-31')).toEqual([
      '2027-02-28',
      '2027-03-29',
    ]);
    expect(occurrencesBetween(d29, '2028-02-01', '2028-03-31')).toEqual([
      '2028-02-29',
      '2028-03-29',
    ]);
    const d30 = plan({ kind: 'day_of_month', day: 30 });
    expect(occurrencesBetween(d30, '2028-02-01', '2028-02-29')).toEqual(['2028-02-29']);
  });

  it('day of month 1: the first, across a year end', () => {
    const p = plan({ kind: 'day_of_month', day: 1 });
    expect(occurrencesBetween(p, '2026-11-15', '2027-02-15')).toEqual([
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    // A start after this month's day: the first occurrence is next month's.
    expect(
      occurrencesBetween(
        plan({ kind: 'day_of_month', day: 1 }, { start_date: '2026-12-02' }),
        '2026-12-01',
        '2027-01-31',
      ),
    ).toEqual(['2027-01-01']);
  });

  it('after completion: the start date, then n days after the day it was done', () => {
    const p = plan({ kind: 'after_completion', n: 90 }, { start_date: '2026-06-01' });
    expect(occurrencesBetween(p, '2026-05-01', '2026-06-30')).toEqual(['2026-06-01']);
    // Not done: every 90 days after the last due one, so the missed ones keep counting.
    expect(occurrencesBetween(p, '2026-05-01', '2026-12-31')).toEqual([
      '2026-06-01',
      '2026-08-30',
      '2026-11-28',
    ]);
    // Done late, on 2026-06-10: the next is 90 days after that day.
    const last: LastCompletion = { occurrence_date: '2026-06-01', completed_day: '2026-06-10' };
    expect(occurrencesBetween(p, '2026-06-01', '2026-12-31', last)).toEqual([
      '2026-09-08',
      '2026-12-07',
    ]);
    // Done early: counted from the day it was done too.
    const early: LastCompletion = { occurrence_date: '2026-06-01', completed_day: '2026-05-30' };
    expect(occurrencesBetween(p, '2026-06-01', '2026-09-30', early)).toEqual(['2026-08-28']);
  });

  it('after completion across a leap day: n days is n calendar days', () => {
    const p = plan({ kind: 'after_completion', n: 1 }, { start_date: '2028-02-01' });
    const last = { occurrence_date: '2028-02-27', completed_day: '2028-02-28' };
    expect(occurrencesBetween(p, '2028-02-28', '2028-03-01', last)).toEqual([
      '2028-02-29',
      '2028-03-01',
    ]);
  });
});

describe('occurrencesBetween, the plan around the schedule', () => {
  it('nothing before the start date or after the end date (inclusive)', () => {
    const p = plan({ kind: 'daily' }, { start_date: '2026-12-30', end_date: '2027-01-01' });
    expect(occurrencesBetween(p, '2026-12-01', '2027-01-31')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect(occurrencesBetween(p, '2027-01-02', '2027-01-31')).toEqual([]);
  });

  it('nothing in a pause (from inclusive, to exclusive), nothing from an open pause on', () => {
    const p = plan(
      { kind: 'daily' },
      {
        pauses: [
          { from: '2026-12-03', to: '2026-12-05' },
          { from: '2026-12-08', to: null },
        ],
      },
    );
    expect(occurrencesBetween(p, '2026-12-01', '2026-12-10')).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
    ]);
  });

  it('a pause does not shift a stepping schedule', () => {
    const p = plan(
      { kind: 'every_n_days', n: 2 },
      { start_date: '2026-12-01', pauses: [{ from: '2026-12-02', to: '2026-12-06' }] },
    );
    expect(occurrencesBetween(p, '2026-12-01', '2026-12-09')).toEqual([
      '2026-12-01',
      '2026-12-07',
      '2026-12-09',
    ]);
  });

  it('nothing from the archiving day on', () => {
    const p = plan({ kind: 'daily' }, { archived_on: '2026-12-03' });
    expect(occurrencesBetween(p, '2026-12-01', '2026-12-05')).toEqual(['2026-12-01', '2026-12-02']);
  });

  it('an empty or backwards window is empty', () => {
    expect(occurrencesBetween(plan({ kind: 'daily' }), '2026-12-05', '2026-12-04')).toEqual([]);
    expect(isOccurrence(plan({ kind: 'weekdays', weekdays: [1] }), '2026-12-07')).toBe(true);
    expect(isOccurrence(plan({ kind: 'weekdays', weekdays: [1] }), '2026-12-08')).toBe(false);
  });
});

/*
 * A second, deliberately naive reading of decision 030, day by day with `Date` objects and
 * differences of days: every plan below must give exactly what it gives, over windows that
 * cross month ends, year ends and 29 February 2028.
 */
function naiveIsOccurrence(p: RoundPlan, date: string, last?: LastCompletion): boolean {
  if (date < p.start_date) return false;
  if (p.end_date !== null && date > p.end_date) return false;
  if (p.archived_on !== undefined && p.archived_on !== null && date >= p.archived_on) return false;
  for (const pause of p.pauses ?? []) {
    if (date >= pause.from && (pause.to === null || date < pause.to)) return false;
  }
  const at = new Date(`${date}T00:00:00Z`);
  const between = (a: string, b: string) =>
    Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
  const weekday = at.getUTCDay() === 0 ? 7 : at.getUTCDay();
  const s = p.schedule;
  switch (s.kind) {
    case 'daily':
      return true;
    case 'weekdays':
      return s.weekdays.includes(weekday);
    case 'every_n_days':
      return between(p.start_date, date) % s.n === 0;
    case 'every_n_weeks': {
      const start = new Date(`${p.start_date}T00:00:00Z`);
      const startWeekday = start.getUTCDay() === 0 ? 7 : start.getUTCDay();
      const monday = new Date(start.getTime() - (startWeekday - 1) * 86_400_000);
      const weeks = Math.floor(between(monday.toISOString().slice(0, 10), date) / 7);
      return weeks % s.n === 0 && s.weekdays.includes(weekday);
    }
    case 'day_of_month': {
      const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
      return at.getUTCDate() === Math.min(s.day, lastDay);
    }
    case 'after_completion': {
      let anchor = p.start_date;
      if (last !== undefined) {
        const next = new Date(Date.parse(`${last.completed_day}T00:00:00Z`) + s.n * 86_400_000)
          .toISOString()
          .slice(0, 10);
        if (next > anchor) anchor = next;
      }
      return date >= anchor && between(anchor, date) % s.n === 0;
    }
  }
}

/** A small seeded generator, so a failure is the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('occurrencesBetween agrees with a day-by-day reading', () => {
  const rnd = random(41);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const someDays = () => {
    const all = [1, 2, 3, 4, 5, 6, 7].filter(() => rnd() < 0.4);
    return all.length > 0 ? all : [int(1, 7)];
  };
  const schedules = (): RoundSchedule => {
    switch (pick(ROUND_SCHEDULE_KINDS)) {
      case 'daily':
        return { kind: 'daily' };
      case 'weekdays':
        return { kind: 'weekdays', weekdays: someDays() };
      case 'every_n_days':
        return { kind: 'every_n_days', n: pick([1, 2, 3, 7, 30, 90]) };
      case 'every_n_weeks':
        return { kind: 'every_n_weeks', n: pick([1, 2, 3, 4]), weekdays: someDays() };
      case 'day_of_month':
        return { kind: 'day_of_month', day: pick([1, 15, 28, 29, 30, 31]) };
      case 'after_completion':
        return { kind: 'after_completion', n: pick([1, 7, 30, 90]) };
    }
  };

  it('never puts more than longestGap days between an occurrence and the next scheduled day', () => {
    const base = dayNumber('2027-01-01');
    for (let i = 0; i < 400; i++) {
      const start = dayString(base + int(0, 500));
      const p: RoundPlan = { schedule: schedules(), start_date: start, end_date: null, pauses: [] };
      const from = addDays(start, int(0, 400));
      for (const day of occurrencesBetween(p, from, addDays(from, 120))) {
        const gap = dayNumber(nextScheduledDay(p, day)) - dayNumber(day);
        expect(gap, `${JSON.stringify(p.schedule)} from ${day}`).toBeGreaterThan(0);
        expect(gap, `${JSON.stringify(p.schedule)} from ${day}`).toBeLessThanOrEqual(
          longestGap(p.schedule),
        );
      }
    }
  });

  it('for 400 random plans and windows over 2027-2028', () => {
    const base = dayNumber('2027-01-01');
    for (let i = 0; i < 400; i++) {
      const start = dayString(base + int(0, 500));
      const p: RoundPlan = {
        schedule: schedules(),
        start_date: start,
        end_date: rnd() < 0.3 ? addDays(start, int(0, 300)) : null,
        pauses:
          rnd() < 0.3
            ? [
                {
                  from: addDays(start, int(0, 200)),
                  to: rnd() < 0.5 ? null : addDays(start, int(201, 260)),
                },
              ]
            : [],
        archived_on: rnd() < 0.1 ? addDays(start, int(0, 400)) : null,
      };
      const last =
        p.schedule.kind === 'after_completion' && rnd() < 0.5
          ? { occurrence_date: start, completed_day: addDays(start, int(-3, 40)) }
          : undefined;
      const from = dayString(base + int(-30, 600));
      const to = addDays(from, int(0, 120));
      const naive: string[] = [];
      for (let d = dayNumber(from); d <= dayNumber(to); d++) {
        if (naiveIsOccurrence(p, dayString(d), last)) naive.push(dayString(d));
      }
      expect(occurrencesBetween(p, from, to, last), JSON.stringify({ p, from, to, last })).toEqual(
        naive,
      );
    }
  });
});

describe('the window of an occurrence', () => {
  it('closes at the next day the schedule names, pauses and end aside', () => {
    expect(nextScheduledDay(plan({ kind: 'daily' }), '2026-12-31')).toBe('2027-01-01');
    expect(nextScheduledDay(plan({ kind: 'weekdays', weekdays: [1, 3, 5] }), '2026-12-04')).toBe(
      '2026-12-07',
    );
    expect(nextScheduledDay(plan({ kind: 'day_of_month', day: 31 }), '2027-01-31')).toBe(
      '2027-02-28',
    );
    expect(nextScheduledDay(plan({ kind: 'day_of_month', day: 31 }), '2028-01-31')).toBe(
      '2028-02-29',
    );
    expect(
      nextScheduledDay(
        plan({ kind: 'every_n_weeks', n: 2, weekdays: [2] }, { start_date: '2026-12-01' }),
        '2026-12-01',
      ),
    ).toBe('2026-12-15');
    expect(
      nextScheduledDay(
        plan({ kind: 'every_n_weeks', n: 52, weekdays: [1] }, { start_date: '2026-12-07' }),
        '2026-12-07',
      ),
    ).toBe('2027-12-06');
    // After completion: the next of one not yet done is n days after it.
    expect(
      nextScheduledDay(
        plan({ kind: 'after_completion', n: 90 }, { start_date: '2026-01-15' }),
        '2026-06-10',
      ),
    ).toBe('2026-09-08');
    expect(
      nextScheduledDay(
        plan(
          { kind: 'daily' },
          { end_date: '2026-12-05', pauses: [{ from: '2026-12-06', to: null }] },
        ),
        '2026-12-05',
      ),
    ).toBe('2026-12-06');
  });

  it('is due at its due time in the school`s offset, or at the end of its day', () => {
    const p = plan({ kind: 'daily' });
    // 08:00 WIB is 01:00 UTC; the window closes at midnight WIB, 17:00 UTC the day before.
    expect(occurrenceTiming(p, '08:00', '2026-12-03', WIB)).toEqual({
      dueMs: Date.parse('2026-12-03T01:00:00Z'),
      closeMs: Date.parse('2026-12-03T17:00:00Z'),
    });
    expect(occurrenceTiming(p, null, '2026-12-03', WIB).dueMs).toBe(
      Date.parse('2026-12-03T17:00:00Z'),
    );
    // West of UTC (minus five hours): the day ends at 05:00 UTC the next day.
    expect(occurrenceTiming(p, null, '2026-12-03', -300).dueMs).toBe(
      Date.parse('2026-12-04T05:00:00Z'),
    );
    const monthly = plan({ kind: 'day_of_month', day: 1 });
    expect(occurrenceTiming(monthly, '10:00', '2026-12-01', WIB).closeMs).toBe(
      Date.parse('2026-12-31T17:00:00Z'),
    );
  });

  it('the school`s day of a completion follows the offset, not UTC', () => {
    // 23:30 UTC on 2 December is 06:30 on 3 December in WIB, still 2 December at UTC-5.
    const ms = Date.parse('2026-12-02T23:30:00Z');
    expect(schoolDay(ms, WIB)).toBe('2026-12-03');
    expect(schoolDay(ms, -300)).toBe('2026-12-02');
    expect(schoolDay(ms, 0)).toBe('2026-12-02');
  });

  it('on time up to the due instant, late after it, missed only once the window closed', () => {
    const t = occurrenceTiming(plan({ kind: 'daily' }), '08:00', '2026-12-03', WIB);
    const now = Date.parse('2026-12-10T00:00:00Z');
    expect(occurrenceStatus(t, '2026-12-03T08:00:00+07:00', now)).toBe('on_time');
    expect(occurrenceStatus(t, '2026-12-03T01:00:00.001Z', now)).toBe('late');
    // Done a week later (a phone offline): late, never missed.
    expect(occurrenceStatus(t, '2026-12-09T10:00:00Z', now)).toBe('late');
    expect(occurrenceStatus(t, null, t.dueMs + 1)).toBe('open');
    expect(occurrenceStatus(t, null, t.closeMs - 1)).toBe('open');
    expect(occurrenceStatus(t, null, t.closeMs)).toBe('missed');
  });
});

describe('checkAnswers', () => {
  const items = [
    { id: 'floor', kind: 'pass_fail_na', photo: 'on_fail' },
    { id: 'pressure', kind: 'number', photo: 'none' },
    { id: 'remark', kind: 'text', photo: 'none' },
    { id: 'seal', kind: 'pass_fail_na', photo: 'required' },
  ] as const;

  it('passes a complete checklist', () => {
    expect(
      checkAnswers(items, [
        { item_id: 'floor', value: 'pass' },
        { item_id: 'pressure', value: 0 },
        { item_id: 'remark', value: 'ok' },
        { item_id: 'seal', value: 'na', photos: ['p1'] },
      ]),
    ).toEqual([]);
  });

  it('says what is missing, of the wrong kind, without its photo, unknown or repeated', () => {
    expect(
      checkAnswers(items, [
        { item_id: 'floor', value: 'fail' },
        { item_id: 'pressure', value: '7' },
        { item_id: 'remark', value: '  ' },
        { item_id: 'ghost', value: 'pass' },
        { item_id: 'floor', value: 'pass' },
      ]),
    ).toEqual([
      { path: 'answers.ghost', code: 'round_item_unknown' },
      { path: 'answers.floor', code: 'round_answer_repeated' },
      { path: 'answers.floor.photos', code: 'round_photo_required' },
      { path: 'answers.pressure', code: 'round_answer_invalid' },
      { path: 'answers.remark', code: 'round_answer_invalid' },
      { path: 'answers.seal', code: 'round_answer_missing' },
    ]);
    expect(checkAnswers(items.slice(1, 2), [{ item_id: 'pressure', value: Number.NaN }])).toEqual([
      { path: 'answers.pressure', code: 'round_answer_invalid' },
    ]);
    expect(checkAnswers(items.slice(0, 1), [{ item_id: 'floor', value: 'maybe' }])).toEqual([
      { path: 'answers.floor', code: 'round_answer_invalid' },
    ]);
  });
});

describe('who does a round', () => {
  const admin = { id: 'a', role: 'admin' };
  const budi = { id: 'b', role: 'custodian' };
  const sari = { id: 's', role: 'custodian' };
  const tono = { id: 't', role: 'gardener' };
  it('one person, anyone of a role, and an admin always', () => {
    const forBudi = { assignee_user_id: 'b', assignee_role: null };
    const forCustodians = { assignee_user_id: null, assignee_role: 'custodian' };
    expect([admin, budi, sari, tono].map((u) => doesRound(forBudi, u))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([admin, budi, sari, tono].map((u) => doesRound(forCustodians, u))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([admin, budi, tono].map((u) => isRoundFor(forCustodians, u))).toEqual([
      false,
      true,
      false,
    ]);
  });
});
