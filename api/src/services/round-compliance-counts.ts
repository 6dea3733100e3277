import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  dayNumber,
  dayString,
  isDueTime,
  isoWeekday,
  longestGap,
  occurrenceTiming,
  occurrencesBetween,
  schoolDay,
  type RoundPlan,
  type RoundTemplateDefinition,
} from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { roundCompletions } from '../db/schema.js';
import { dayNumberSql, dueInstantSql, jsonRowsSql } from '../db/dialect.js';
import { plainQuery, type PlainQuery } from '../db/plain-query.js';
import { planOf, type RoundTemplateRow } from '../data/rounds.js';

/*
 * Compliance counted by the database (decision 030; round-compliance.ts has the rule): a
 * period's closing completions are not read one by one but counted, on time and late, per
 * version segment and person, by one GROUP BY over the completions whose day the segment's
 * schedule names. What is not done (missed, or open while its window is) is the segment's
 * occurrences, counted from the schedule, less those.
 *
 * Neither end lists a year of days. The schedule is arithmetic on day numbers:
 * (day - anchor) % step = 0, ((day - monday) / 7) % weeks = 0, and the ISO weekday's bit in a
 * mask; daily, weekdays, every_n_days and every_n_weeks are all of that form. JavaScript counts
 * a segment's occurrences by division (countNamed) and lists only its last days, the ones
 * whose window may still be open; SQL gets one row per stretch between pauses (split where
 * the open windows begin), and day_of_month (a dozen days a year) one row per occurrence day.
 * The database reads each (stretch, person) as one range of an index ordered by template,
 * person and day, so its GROUP BY sorts nothing. An after_completion chain depends on each
 * completion's day, so its templates stay with the per-occurrence walk (round-compliance.ts).
 * round-compliance.test.ts holds the result to a brute force on both engines, and
 * round-compliance-counts.test.ts the counting to the contract's occurrencesBetween.
 */

/** A segment's counts, as the caller attributes them: done ones per person who closed them. */
export interface SegmentCounts {
  segment: Segment;
  done: { completedBy: string; onTime: number; late: number }[];
  missed: number;
  open: number;
}

const ALL_WEEKDAYS = 0b1111111;

/** The schedule of a segment as SQL's arithmetic: see the head of this file. */
export interface Arithmetic {
  anchor: number;
  step: number;
  monday: number;
  weeks: number;
  mask: number;
}

function arithmeticOf(plan: RoundPlan): Arithmetic | null {
  const start = dayNumber(plan.start_date);
  const mask = (weekdays: readonly number[]) =>
    weekdays.reduce((m, d) => m | (1 << (d - 1)), 0) & ALL_WEEKDAYS;
  const s = plan.schedule;
  const plain = { anchor: start, step: 1, monday: start, weeks: 1, mask: ALL_WEEKDAYS };
  switch (s.kind) {
    case 'daily':
      return plain;
    case 'weekdays':
      return { ...plain, mask: mask(s.weekdays) };
    case 'every_n_days':
      return { ...plain, step: s.n };
    case 'every_n_weeks':
      return {
        ...plain,
        monday: start - (isoWeekday(start) - 1),
        weeks: s.n,
        mask: mask(s.weekdays),
      };
    default:
      return null;
  }
}

/** `[lo, hi]` (day numbers) less the pauses (`from` inclusive, `to` exclusive or open). */
function outsidePauses(lo: number, hi: number, plan: RoundPlan): [number, number][] {
  const cuts = (plan.pauses ?? [])
    .map((p) => [dayNumber(p.from), p.to === null ? Infinity : dayNumber(p.to) - 1] as const)
    .filter(([a, b]) => a <= b)
    .sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  let at = lo;
  for (const [a, b] of cuts) {
    if (b < at) continue;
    if (a > hi) break;
    if (a > at) out.push([at, a - 1]);
    at = Math.max(at, b + 1);
    if (at > hi) return out;
  }
  if (at <= hi) out.push([at, hi]);
  return out;
}

/** A run of a segment's days `[lo, hi]` (day numbers) outside pauses, all open or all closed. */
export interface Stretch {
  lo: number;
  hi: number;
  /** Its occurrences' windows are still open at `now` (done ones there are neither missed nor open). */
  open: boolean;
}

/** One version's stretch of the period: its definition and how many occurrences it has. */
export interface Segment {
  template: RoundTemplateRow;
  definition: RoundTemplateDefinition;
  /** The schedule as day arithmetic; null for a day of the month (its stretches are single days). */
  arithmetic: Arithmetic | null;
  /** Where its occurrences are: every occurrence in exactly one, in order. */
  stretches: Stretch[];
  /** Occurrences in the period: as many as the contract's occurrencesBetween lists. */
  total: number;
  /** How many of the last of them still have their window open at `now`. */
  openCount: number;
}

/** `[lo, hi]` split where the open windows begin (`openFrom`). */
function splitOpen(lo: number, hi: number, openFrom: number): Stretch[] {
  if (openFrom <= lo) return [{ lo, hi, open: true }];
  if (openFrom > hi) return [{ lo, hi, open: false }];
  return [
    { lo, hi: openFrom - 1, open: false },
    { lo: openFrom, hi, open: true },
  ];
}

/** Whether the arithmetic names day `d` (at or after its anchor and its week's Monday). */
function names(a: Arithmetic, d: number): boolean {
  return (
    (d - a.anchor) % a.step === 0 &&
    Math.floor((d - a.monday) / 7) % a.weeks === 0 &&
    ((a.mask >> (isoWeekday(d) - 1)) & 1) === 1
  );
}

/**
 * How many days of `[lo, hi]` (at or after the anchor) the arithmetic names, without listing
 * them: a step of days counts by division; weekdays repeat every `weeks` weeks, each cycle
 * naming each weekday of the mask once, so whole cycles count by multiplication and only the
 * last part of one (under 7 x weeks days) day by day.
 */
export function countNamed(a: Arithmetic, lo: number, hi: number): number {
  if (hi < lo) return 0;
  if (a.weeks === 1 && a.mask === ALL_WEEKDAYS) {
    return Math.floor((hi - a.anchor) / a.step) - Math.floor((lo - 1 - a.anchor) / a.step);
  }
  // Weekday kinds step by one day (arithmeticOf): the cycle is the weeks.
  const cycle = 7 * a.weeks;
  let perCycle = 0;
  for (let m = a.mask; m !== 0; m >>= 1) perCycle += m & 1;
  const whole = Math.floor((hi - lo + 1) / cycle);
  let n = whole * perCycle;
  for (let d = lo + whole * cycle; d <= hi; d++) if (names(a, d)) n += 1;
  return n;
}

/**
 * The version segments of non-chained templates over `[from, to]`: how many occurrences each
 * has, counted by arithmetic (a day of the month lists its dozen days a year), and where the
 * windows still open at `nowMs` begin. Only the last days can be open (an occurrence's window
 * closes at its next scheduled day, at most `longestGap` days on), so only those are listed
 * and judged, by the contract's occurrencesBetween and occurrenceTiming.
 */
export function segmentsOf(
  template: RoundTemplateRow,
  versions: readonly { definition: RoundTemplateDefinition; effectiveFrom: string }[],
  from: string,
  to: string,
  nowMs: number,
  offsetMinutes: number,
): Segment[] {
  const out: Segment[] = [];
  const today = dayNumber(schoolDay(nowMs, offsetMinutes));
  versions.forEach((version, i) => {
    // As round-compliance.ts's templateDays: from its effective day (the first from the
    // start) to the day before the next one's.
    const next = versions[i + 1];
    const segFrom = i === 0 || version.effectiveFrom < from ? from : version.effectiveFrom;
    const segTo = next === undefined ? to : addDays(next.effectiveFrom, -1);
    if (segTo < segFrom) return;
    const plan = planOf(version.definition, template);
    // The days occurrencesBetween looks at: from the start, to the end and before archiving.
    const lo = Math.max(dayNumber(segFrom), dayNumber(plan.start_date));
    let hi = dayNumber(segTo);
    if (plan.end_date !== null) hi = Math.min(hi, dayNumber(plan.end_date));
    if (plan.archived_on !== undefined && plan.archived_on !== null) {
      hi = Math.min(hi, dayNumber(plan.archived_on) - 1);
    }
    if (hi < lo) return;
    // Windows close in the order of their days: the open ones are the last few, all after
    // today less the longest gap (a week more, to spare).
    const tailFrom = Math.max(lo, today - longestGap(plan.schedule) - 7);
    const tail = tailFrom <= hi ? occurrencesBetween(plan, dayString(tailFrom), dayString(hi)) : [];
    let openCount = 0;
    for (let k = tail.length - 1; k >= 0; k--) {
      const day = tail[k] as string;
      if (occurrenceTiming(plan, version.definition.due_time, day, offsetMinutes).closeMs <= nowMs)
        break;
      openCount += 1;
    }
    const openFrom = openCount > 0 ? dayNumber(tail[tail.length - openCount] as string) : hi + 1;
    const arithmetic = arithmeticOf(plan);
    let stretches: Stretch[];
    let total = 0;
    if (arithmetic === null) {
      // A day of the month: its few days one by one.
      stretches = occurrencesBetween(plan, dayString(lo), dayString(hi)).map((day) => {
        const d = dayNumber(day);
        return { lo: d, hi: d, open: d >= openFrom };
      });
      total = stretches.length;
    } else {
      stretches = outsidePauses(lo, hi, plan).flatMap(([a, b]) => splitOpen(a, b, openFrom));
      for (const s of stretches) total += countNamed(arithmetic, s.lo, s.hi);
    }
    if (total === 0) return;
    out.push({
      template,
      definition: version.definition,
      arithmetic,
      stretches,
      total,
      openCount,
    });
  });
  return out;
}

/** Whether the template's days can be counted here: every version's schedule is arithmetic or monthly. */
export function countable(versions: readonly { definition: RoundTemplateDefinition }[]): boolean {
  return versions.every((v) => v.definition.schedule.kind !== 'after_completion');
}

const STRETCH_COLUMNS = [
  ['r', 'integer'],
  ['template_id', 'text'],
  ['lo', 'text'],
  ['hi', 'text'],
  ['anchor', 'integer'],
  ['step', 'integer'],
  ['monday', 'integer'],
  ['weeks', 'integer'],
  ['mask', 'integer'],
  ['due_time', 'text'],
  ['every', 'integer'],
  ['due_suffix', 'text'],
] as const;

type StretchRow = [
  number,
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  string | null,
  number,
  string | null,
];

interface CountRow {
  r: number | string;
  completed_by: string;
  n: number | string;
  on_time: number | string;
}

/** The count per offset (inlined in the statement, as dueInstantSql does): one text each. */
const queries = new Map<string, PlainQuery<CountRow>>();

function countQuery(offsetMinutes: number): PlainQuery<CountRow> {
  // The engine is fixed per process (db/dialect.ts), the offset per deployment.
  let query = queries.get(String(offsetMinutes));
  if (query !== undefined) return query;
  const c = roundCompletions;
  const day = dayNumberSql(c.occurrenceDate);
  const stretches = jsonRowsSql(sql`${sql.placeholder('stretches')}`, STRETCH_COLUMNS);
  const due = dueInstantSql(c.occurrenceDate, sql`s.due_time`, offsetMinutes);
  const school = sql.placeholder('school');
  // The people who closed a template's occurrences, ever: a walk of the index
  // (school, template, closing, person, ...) that seeks each next person, a few steps per
  // template instead of a read of its rows.
  const firstPerson = (template: SQL, after: SQL | null) =>
    sql`(SELECT ${c.completedBy} FROM ${c} WHERE ${c.schoolId} = ${school}
      AND ${c.templateId} = ${template} AND ${c.closing} = TRUE
      ${after === null ? sql`` : sql`AND ${c.completedBy} > ${after}`}
      ORDER BY ${c.completedBy} LIMIT 1)`;
  // Each stretch with each of those people, in that order: the closings of one pair are one
  // range of the index (its days), and the GROUP BY follows the pairs' order, so no row is
  // sorted. Every day a stretch names (every = 1, a daily round's) needs no arithmetic; a due
  // instant on the occurrence's own UTC day (due_suffix) is its day and that time as text,
  // compared as stored timestamps are; only other ones are worked out by dueInstantSql.
  query = plainQuery<CountRow>(sql`WITH RECURSIVE s AS MATERIALIZED ${stretches},
    t AS (SELECT DISTINCT template_id FROM s),
    p (template_id, completed_by) AS (
      SELECT t.template_id, ${firstPerson(sql`t.template_id`, null)} FROM t
      UNION ALL
      SELECT p.template_id, ${firstPerson(sql`p.template_id`, sql`p.completed_by`)} FROM p
      WHERE p.completed_by IS NOT NULL),
    sp AS (SELECT s.*, p.completed_by AS completed_by FROM s JOIN p ON p.template_id = s.template_id
      WHERE p.completed_by IS NOT NULL ORDER BY s.r, p.completed_by)
    SELECT s.r AS r, s.completed_by AS completed_by, count(*) AS n,
      sum(CASE WHEN s.due_suffix IS NOT NULL AND ${c.completedAt} <= (${c.occurrenceDate} || s.due_suffix) THEN 1
        WHEN s.due_suffix IS NULL AND ${c.completedAt} <= ${due} THEN 1 ELSE 0 END) AS on_time
    FROM sp AS s CROSS JOIN ${c}
    WHERE ${c.schoolId} = ${school} AND ${c.templateId} = s.template_id AND ${c.closing} = TRUE
      AND ${c.completedBy} = s.completed_by
      AND ${c.occurrenceDate} >= s.lo AND ${c.occurrenceDate} <= s.hi
      AND (s.every = 1 OR ((${day} - s.anchor) % s.step = 0
        AND ((${day} - s.monday) / 7) % s.weeks = 0
        AND ((s.mask >> ((((${day} + 3) % 7) + 7) % 7)) & 1) = 1))
    GROUP BY s.r, s.completed_by`);
  queries.set(String(offsetMinutes), query);
  return query;
}

/**
 * The due instant's time as the text after its day (`T02:00:00.000Z`), when it falls on the
 * occurrence's own UTC day; null when the school's offset moves it to the day before or after.
 */
function dueSuffix(dueTime: string | null, offsetMinutes: number): string | null {
  const local =
    dueTime === null ? 24 * 60 : Number(dueTime.slice(0, 2)) * 60 + Number(dueTime.slice(3, 5));
  const utc = local - offsetMinutes;
  if (utc < 0 || utc >= 24 * 60) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `T${pad(Math.floor(utc / 60))}:${pad(utc % 60)}:00.000Z`;
}

/**
 * Counts each segment: on time and late per person from the database, missed and open as the
 * segment's occurrences less its done ones, on the stretches whose windows are closed or open.
 */
export async function countSegments(
  db: Db,
  schoolId: string,
  segments: readonly Segment[],
  offsetMinutes: number,
): Promise<SegmentCounts[]> {
  const rows: StretchRow[] = [];
  /** Per row of `rows`: its segment and whether its windows are open. */
  const owners: { seg: number; open: boolean }[] = [];
  segments.forEach((segment, seg) => {
    const { definition, arithmetic } = segment;
    const dueTime =
      definition.due_time !== null && isDueTime(definition.due_time) ? definition.due_time : null;
    const suffix = dueSuffix(dueTime, offsetMinutes);
    const id = segment.template.id;
    // A day of the month goes as single days, each named: no arithmetic.
    const { anchor, step, monday, weeks, mask } = arithmetic ?? {
      anchor: 0,
      step: 1,
      monday: 0,
      weeks: 1,
      mask: ALL_WEEKDAYS,
    };
    const every = step === 1 && weeks === 1 && mask === ALL_WEEKDAYS ? 1 : 0;
    for (const s of segment.stretches) {
      owners.push({ seg, open: s.open });
      rows.push([
        rows.length,
        id,
        dayString(s.lo),
        dayString(s.hi),
        anchor,
        step,
        monday,
        weeks,
        mask,
        dueTime,
        every,
        suffix,
      ]);
    }
  });
  const counts: SegmentCounts[] = segments.map((segment) => ({
    segment,
    done: [],
    missed: segment.total - segment.openCount,
    open: segment.openCount,
  }));
  if (rows.length === 0) return counts;
  const found = await countQuery(offsetMinutes).rows(db, {
    stretches: JSON.stringify(rows),
    school: schoolId,
  });
  const people = new Map<string, { completedBy: string; onTime: number; late: number }>();
  for (const r of found) {
    const owner = owners[Number(r.r)];
    const at = owner === undefined ? undefined : counts[owner.seg];
    if (owner === undefined || at === undefined) continue;
    const n = Number(r.n);
    const onTime = Number(r.on_time);
    const key = `${owner.seg}:${r.completed_by}`;
    let person = people.get(key);
    if (person === undefined) {
      person = { completedBy: r.completed_by, onTime: 0, late: 0 };
      people.set(key, person);
      at.done.push(person);
    }
    person.onTime += onTime;
    person.late += n - onTime;
    if (owner.open) at.open -= n;
    else at.missed -= n;
  }
  return counts;
}
