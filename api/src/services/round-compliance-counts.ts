import { sql } from 'drizzle-orm';
import {
  addDays,
  dayNumber,
  dayString,
  isDueTime,
  isoWeekday,
  occurrenceTiming,
  occurrencesBetween,
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
 * occurrences, counted from the schedule, less those. A year of a daily round costs the
 * database a count of 365 rows, and JavaScript a list of its days, not 365 judged rows.
 *
 * The schedule reaches SQL as arithmetic on day numbers, one row per stretch of a segment
 * between pauses: (day - anchor) % step = 0, ((day - monday) / 7) % weeks = 0, and the ISO
 * weekday's bit in a mask. daily, weekdays, every_n_days and every_n_weeks are all of that
 * form; day_of_month (a dozen days a year) goes as one row per occurrence day. An
 * after_completion chain depends on each completion's day, so its templates stay with the
 * per-occurrence walk (round-compliance.ts). round-compliance.test.ts holds the result to a
 * brute force on both engines.
 */

/** One version's stretch of the period: its definition and its occurrence days. */
export interface Segment {
  template: RoundTemplateRow;
  definition: RoundTemplateDefinition;
  /** Occurrence days in the period, in order (the contract's occurrencesBetween). */
  days: readonly string[];
  /** How many of the last `days` still have their window open at `now`. */
  openCount: number;
}

/** A segment's counts, as the caller attributes them: done ones per person who closed them. */
export interface SegmentCounts {
  segment: Segment;
  done: { completedBy: string; onTime: number; late: number }[];
  missed: number;
  open: number;
}

const ALL_WEEKDAYS = 0b1111111;

/** The schedule of a segment as SQL's arithmetic: see the head of this file. */
interface Arithmetic {
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

/** The version segments of non-chained templates over `[from, to]`, with their days. */
export function segmentsOf(
  template: RoundTemplateRow,
  versions: readonly { definition: RoundTemplateDefinition; effectiveFrom: string }[],
  from: string,
  to: string,
  nowMs: number,
  offsetMinutes: number,
): Segment[] {
  const out: Segment[] = [];
  versions.forEach((version, i) => {
    // As round-compliance.ts's templateDays: from its effective day (the first from the
    // start) to the day before the next one's.
    const next = versions[i + 1];
    const lo = i === 0 || version.effectiveFrom < from ? from : version.effectiveFrom;
    const hi = next === undefined ? to : addDays(next.effectiveFrom, -1);
    if (hi < lo) return;
    const plan = planOf(version.definition, template);
    const days = occurrencesBetween(plan, lo, hi);
    if (days.length === 0) return;
    // Windows close in the order of their days: the open ones are the last few.
    let openCount = 0;
    for (let k = days.length - 1; k >= 0; k--) {
      const day = days[k] as string;
      if (occurrenceTiming(plan, version.definition.due_time, day, offsetMinutes).closeMs <= nowMs)
        break;
      openCount += 1;
    }
    out.push({ template, definition: version.definition, days, openCount });
  });
  return out;
}

/** Whether the template's days can be counted here: every version's schedule is arithmetic or monthly. */
export function countable(versions: readonly { definition: RoundTemplateDefinition }[]): boolean {
  return versions.every((v) => v.definition.schedule.kind !== 'after_completion');
}

const SEGMENT_COLUMNS = [
  ['seg', 'integer'],
  ['template_id', 'text'],
  ['lo', 'text'],
  ['hi', 'text'],
  ['open_from', 'text'],
  ['anchor', 'integer'],
  ['step', 'integer'],
  ['monday', 'integer'],
  ['weeks', 'integer'],
  ['mask', 'integer'],
  ['due_time', 'text'],
  ['every', 'integer'],
  ['due_suffix', 'text'],
] as const;

type SegmentRow = [
  number,
  string,
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
  seg: number | string;
  completed_by: string;
  on_time: number | string;
  in_window: number | string;
  n: number | string;
}

/** The count per offset (inlined in the statement, as dueInstantSql does): one text each. */
const queries = new Map<string, PlainQuery<CountRow>>();

function countQuery(offsetMinutes: number): PlainQuery<CountRow> {
  // The engine is fixed per process (db/dialect.ts), the offset per deployment.
  let query = queries.get(String(offsetMinutes));
  if (query !== undefined) return query;
  const c = roundCompletions;
  const day = dayNumberSql(c.occurrenceDate);
  const segments = jsonRowsSql(sql`${sql.placeholder('segments')}`, SEGMENT_COLUMNS);
  const due = dueInstantSql(c.occurrenceDate, sql`s.due_time`, offsetMinutes);
  // Every day a stretch names (every = 1, a daily round's) needs no arithmetic; a due instant
  // on the occurrence's own UTC day (due_suffix) is its day and that time as text, compared as
  // stored timestamps are; only other ones are worked out by dueInstantSql.
  query = plainQuery<CountRow>(sql`WITH s AS MATERIALIZED ${segments}
    SELECT s.seg AS seg, ${c.completedBy} AS completed_by,
      CASE WHEN s.due_suffix IS NOT NULL AND ${c.completedAt} <= (${c.occurrenceDate} || s.due_suffix) THEN 1
        WHEN s.due_suffix IS NULL AND ${c.completedAt} <= ${due} THEN 1 ELSE 0 END AS on_time,
      CASE WHEN ${c.occurrenceDate} >= s.open_from THEN 1 ELSE 0 END AS in_window,
      count(*) AS n
    FROM s CROSS JOIN ${c}
    WHERE ${c.schoolId} = ${sql.placeholder('school')} AND ${c.templateId} = s.template_id
      AND ${c.occurrenceDate} >= s.lo AND ${c.occurrenceDate} <= s.hi AND ${c.closing}
      AND (s.every = 1 OR ((${day} - s.anchor) % s.step = 0
        AND ((${day} - s.monday) / 7) % s.weeks = 0
        AND ((s.mask >> ((((${day} + 3) % 7) + 7) % 7)) & 1) = 1))
    GROUP BY 1, 2, 3, 4`);
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
 * segment's occurrences less its done ones, split where the windows still open begin.
 */
export async function countSegments(
  db: Db,
  schoolId: string,
  segments: readonly Segment[],
  offsetMinutes: number,
): Promise<SegmentCounts[]> {
  const rows: SegmentRow[] = [];
  segments.forEach((segment, seg) => {
    const { definition, days } = segment;
    const plan = planOf(definition, segment.template);
    const first = dayNumber(days[0] ?? '');
    const last = dayNumber(days.at(-1) ?? '');
    // Done ones from this day on are of windows still open: neither missed nor open.
    const openFrom = days[days.length - segment.openCount] ?? dayString(last + 1);
    const dueTime =
      definition.due_time !== null && isDueTime(definition.due_time) ? definition.due_time : null;
    const suffix = dueSuffix(dueTime, offsetMinutes);
    const id = segment.template.id;
    const arithmetic = arithmeticOf(plan);
    if (arithmetic === null) {
      // A monthly day: its few days one by one.
      for (const d of days) {
        rows.push([seg, id, d, d, openFrom, 0, 1, 0, 1, ALL_WEEKDAYS, dueTime, 1, suffix]);
      }
      return;
    }
    const { anchor, step, monday, weeks, mask } = arithmetic;
    const every = step === 1 && weeks === 1 && mask === ALL_WEEKDAYS ? 1 : 0;
    for (const [lo, hi] of outsidePauses(first, last, plan)) {
      const [a, b] = [dayString(lo), dayString(hi)];
      rows.push([
        seg,
        id,
        a,
        b,
        openFrom,
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
    missed: segment.days.length - segment.openCount,
    open: segment.openCount,
  }));
  if (rows.length === 0) return counts;
  const found = await countQuery(offsetMinutes).rows(db, {
    segments: JSON.stringify(rows),
    school: schoolId,
  });
  const people = new Map<string, { completedBy: string; onTime: number; late: number }>();
  for (const r of found) {
    const at = counts[Number(r.seg)];
    if (at === undefined) continue;
    const n = Number(r.n);
    const key = `${String(r.seg)}:${r.completed_by}`;
    let person = people.get(key);
    if (person === undefined) {
      person = { completedBy: r.completed_by, onTime: 0, late: 0 };
      people.set(key, person);
      at.done.push(person);
    }
    if (Number(r.on_time) === 1) person.onTime += n;
    else person.late += n;
    if (Number(r.in_window) === 1) at.open -= n;
    else at.missed -= n;
  }
  return counts;
}
