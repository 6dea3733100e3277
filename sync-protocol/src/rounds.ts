import type { ErrorCode } from './error-codes.js';
import { dueInstant, isDueDate } from './jobs.js';

/*
 * Rounds (issue 41, docs/decisions/030-rounds.md): routine work on a schedule. Which days a
 * template is due, what identity each occurrence has, whether a checklist's answers are complete
 * and how an occurrence is judged (on time, late, missed). One module for the phone that lists
 * today's rounds offline and the server that checks completions and counts compliance. No zod
 * (the schemas are in rounds-schemas.ts): `/tasks` imports this on the phone's first screens.
 * Days are `YYYY-MM-DD` in the school's calendar (SCHOOL_UTC_OFFSET); arithmetic is on day
 * numbers (days since 1970-01-01), never on a `Date` in the device's time zone.
 */

export const ROUND_ITEM_KINDS = ['pass_fail_na', 'number', 'text'] as const;
export type RoundItemKind = (typeof ROUND_ITEM_KINDS)[number];

/** When an item needs a photo: never, always, or when its pass/fail answer is fail. */
export const ROUND_PHOTO_RULES = ['none', 'required', 'on_fail'] as const;
export type RoundPhotoRule = (typeof ROUND_PHOTO_RULES)[number];

export const PASS_FAIL_NA = ['pass', 'fail', 'na'] as const;
export type PassFailNa = (typeof PASS_FAIL_NA)[number];

export const ROUND_SCHEDULE_KINDS = [
  'daily',
  'weekdays',
  'every_n_days',
  'every_n_weeks',
  'day_of_month',
  'after_completion',
] as const;
export type RoundScheduleKind = (typeof ROUND_SCHEDULE_KINDS)[number];

/** Bounds of a template (both ends check them through the schemas). */
export const ROUND_LIMITS = {
  items: 50,
  areas: 20,
  photosPerItem: 5,
  /** every_n_days and after_completion: at most a year apart. */
  maxDays: 365,
  /** every_n_weeks: at most a year apart. */
  maxWeeks: 52,
} as const;

/** ISO weekday: 1 Monday .. 7 Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type RoundSchedule =
  | { kind: 'daily' }
  | { kind: 'weekdays'; weekdays: readonly number[] }
  | { kind: 'every_n_days'; n: number }
  | { kind: 'every_n_weeks'; n: number; weekdays: readonly number[] }
  | { kind: 'day_of_month'; day: number }
  | { kind: 'after_completion'; n: number };

/** A pause: school days from `from` (inclusive) to `to` (exclusive; null while paused). */
export interface RoundPause {
  from: string;
  to: string | null;
}

/** What decides a template's days: its schedule, its dates and its pauses. */
export interface RoundPlan {
  schedule: RoundSchedule;
  start_date: string;
  /** Inclusive; null for none. */
  end_date: string | null;
  pauses?: readonly RoundPause[];
  /** The school day it was archived on: from then on it is due no more. */
  archived_on?: string | null;
}

/** The closing completion an `after_completion` schedule counts from. */
export interface LastCompletion {
  /** The occurrence it closed. */
  occurrence_date: string;
  /** The school day it was done on (schoolDay of its completed_at). */
  completed_day: string;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day (no time zone: a calendar day). */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/**
 * The `YYYY-MM-DD` of a day number, by arithmetic (days from civil, proleptic Gregorian) rather
 * than through a Date and its ISO string: compliance names every day of a year per template.
 * Years outside 0000-9999 go through Date, which writes them as ISO does.
 */
export function dayString(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (y < 0 || y > 9999) return new Date(day * DAY_MS).toISOString().slice(0, 10);
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

/** The ISO weekday of a day number (1970-01-01 was a Thursday). */
export function isoWeekday(day: number): IsoWeekday {
  return (((((day + 3) % 7) + 7) % 7) + 1) as IsoWeekday;
}

export function addDays(date: string, days: number): string {
  return dayString(dayNumber(date) + days);
}

/** An occurrence's identity: its template and its school day, whatever the template's version. */
export function occurrenceId(templateId: string, date: string): string {
  return `${templateId}:${date}`;
}

/** The template and day an occurrence id names, or null for a malformed one. */
export function parseOccurrenceId(id: string): { templateId: string; date: string } | null {
  const at = id.lastIndexOf(':');
  if (at <= 0) return null;
  const date = id.slice(at + 1);
  return isDueDate(date) ? { templateId: id.slice(0, at), date } : null;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The schedule's own days in `[lo, hi]` (day numbers), before pauses: what each kind names.
 * `start` is the first day of a stepping kind and the first week of `every_n_weeks`.
 */
function scheduleDays(
  schedule: RoundSchedule,
  start: number,
  lo: number,
  hi: number,
  last?: LastCompletion,
): number[] {
  const days: number[] = [];
  if (lo > hi) return days;
  switch (schedule.kind) {
    case 'daily':
      for (let d = lo; d <= hi; d++) days.push(d);
      return days;
    case 'weekdays': {
      const on = new Set(schedule.weekdays);
      for (let d = lo; d <= hi; d++) if (on.has(isoWeekday(d))) days.push(d);
      return days;
    }
    case 'every_n_days':
      return stepping(start, schedule.n, lo, hi);
    case 'after_completion': {
      // Done: n days after the day it was done; not yet: every n days from the start (an
      // occurrence not done by the next one's day is missed, and the next follows it).
      const anchor =
        last === undefined ? start : Math.max(start, dayNumber(last.completed_day) + schedule.n);
      return stepping(anchor, schedule.n, lo, hi);
    }
    case 'every_n_weeks': {
      const on = new Set(schedule.weekdays);
      const firstMonday = start - (isoWeekday(start) - 1);
      for (let d = Math.max(lo, start); d <= hi; d++) {
        const week = Math.floor((d - firstMonday) / 7);
        if (week % schedule.n === 0 && on.has(isoWeekday(d))) days.push(d);
      }
      return days;
    }
    case 'day_of_month': {
      const first = new Date(lo * DAY_MS);
      let year = first.getUTCFullYear();
      let month = first.getUTCMonth();
      for (;;) {
        // A day the month does not have is its last day (decision 030).
        const day = Math.min(schedule.day, daysInMonth(year, month));
        const d = Date.UTC(year, month, day) / DAY_MS;
        if (d > hi) return days;
        if (d >= lo) days.push(d);
        month += 1;
        if (month === 12) {
          month = 0;
          year += 1;
        }
      }
    }
  }
}

/** `anchor`, `anchor + n`, ... within `[lo, hi]`. */
function stepping(anchor: number, n: number, lo: number, hi: number): number[] {
  const days: number[] = [];
  const from = Math.max(lo, anchor);
  let d = anchor + Math.ceil((from - anchor) / n) * n;
  for (; d <= hi; d += n) days.push(d);
  return days;
}

function inPause(day: number, pauses: readonly RoundPause[] | undefined): boolean {
  if (pauses === undefined) return false;
  for (const p of pauses) {
    if (day >= dayNumber(p.from) && (p.to === null || day < dayNumber(p.to))) return true;
  }
  return false;
}

/**
 * The days in `[from, to]` (inclusive, `YYYY-MM-DD`) on which the plan has an occurrence: on or
 * after its start, on or before its end, before its archiving, outside its pauses, on a day its
 * schedule names. `lastCompletion` is read by `after_completion` only: the closing completion
 * it counts from (none: the start date is the first occurrence).
 */
export function occurrencesBetween(
  plan: RoundPlan,
  from: string,
  to: string,
  lastCompletion?: LastCompletion,
): string[] {
  const start = dayNumber(plan.start_date);
  let hi = dayNumber(to);
  if (plan.end_date !== null) hi = Math.min(hi, dayNumber(plan.end_date));
  if (plan.archived_on !== undefined && plan.archived_on !== null) {
    hi = Math.min(hi, dayNumber(plan.archived_on) - 1);
  }
  const lo = Math.max(dayNumber(from), start);
  const out: string[] = [];
  for (const d of scheduleDays(plan.schedule, start, lo, hi, lastCompletion)) {
    if (!inPause(d, plan.pauses)) out.push(dayString(d));
  }
  return out;
}

/** Whether the plan has an occurrence on `date`. */
export function isOccurrence(
  plan: RoundPlan,
  date: string,
  lastCompletion?: LastCompletion,
): boolean {
  return occurrencesBetween(plan, date, date, lastCompletion).length === 1;
}

/** Far enough for any schedule's next day: a year of weeks plus a week. */
const SUCCESSOR_HORIZON = ROUND_LIMITS.maxWeeks * 7 + 7;

/**
 * The next day after `date` the schedule names, pauses, end date and archiving aside: the day
 * an occurrence's window closes (decision 030). For `after_completion`, the next day of a
 * not-yet-done occurrence (n days after it).
 */
export function nextScheduledDay(plan: RoundPlan, date: string): string {
  const d = dayNumber(date);
  if (plan.schedule.kind === 'daily') return dayString(d + 1);
  const start = dayNumber(plan.start_date);
  const schedule =
    plan.schedule.kind === 'after_completion'
      ? ({ kind: 'every_n_days', n: plan.schedule.n } as const)
      : plan.schedule;
  const anchor = plan.schedule.kind === 'after_completion' ? d : start;
  // Windows growing fourfold from a week: the next day is nearly always in the first, and
  // compliance asks this once per occurrence (a year of a daily round: 365 times, not 365 x 371
  // days listed).
  const end = d + SUCCESSOR_HORIZON;
  for (let lo = d + 1, span = 7; lo <= end; lo += span, span *= 4) {
    const [next] = scheduleDays(schedule, anchor, lo, Math.min(lo + span - 1, end));
    if (next !== undefined) return dayString(next);
  }
  return dayString(d + 1);
}

/**
 * The most days a schedule puts between one of its days and the next (`nextScheduledDay`): how
 * long an occurrence's window can stay open. A month's day that the month lacks is its last day,
 * so a day of the month is at most 31 days from the next.
 */
export function longestGap(schedule: RoundSchedule): number {
  switch (schedule.kind) {
    case 'daily':
      return 1;
    case 'weekdays':
      return 7;
    case 'every_n_days':
    case 'after_completion':
      return schedule.n;
    case 'every_n_weeks':
      return 7 * schedule.n;
    case 'day_of_month':
      return 31;
  }
}

export type OccurrenceStatus = 'on_time' | 'late' | 'missed' | 'open';

export interface OccurrenceTiming {
  /** When it is due, ms since the epoch: its due time on its day, or the end of its day. */
  dueMs: number;
  /** When its window closes: the start of the next scheduled day. */
  closeMs: number;
}

/** The due instant and window close of the occurrence on `date`, at the school's offset. */
export function occurrenceTiming(
  plan: RoundPlan,
  dueTime: string | null,
  date: string,
  offsetMinutes: number,
): OccurrenceTiming {
  const dueMs = dueInstant(date, dueTime, offsetMinutes);
  const closeMs = dueInstant(nextScheduledDay(plan, date), '00:00', offsetMinutes);
  if (dueMs === null || closeMs === null) throw new Error(`not a day: ${date}`);
  return { dueMs, closeMs };
}

/**
 * How an occurrence stands (decision 030): its closing completion's time against the due
 * instant, or, with none, missed once its window has closed and open before.
 */
export function occurrenceStatus(
  timing: OccurrenceTiming,
  closingCompletedAt: string | null,
  nowMs: number,
): OccurrenceStatus {
  if (closingCompletedAt !== null) {
    return Date.parse(closingCompletedAt) <= timing.dueMs ? 'on_time' : 'late';
  }
  return nowMs >= timing.closeMs ? 'missed' : 'open';
}

/** An item of a checklist, as far as answering it goes. */
export interface RoundItemRule {
  id: string;
  kind: RoundItemKind;
  photo: RoundPhotoRule;
}

/** An answer as a device sends it. */
export interface RoundAnswerInput {
  item_id: string;
  value: string | number | null;
  note?: string | null;
  photos?: readonly string[];
}

export interface AnswerIssue {
  /** `answers.<item id>` or `answers.<item id>.photos`. */
  path: string;
  code: ErrorCode;
}

/** Whether `value` is an answer of an item of `kind`. */
export function isAnswerOfKind(kind: RoundItemKind, value: string | number | null): boolean {
  switch (kind) {
    case 'pass_fail_na':
      return typeof value === 'string' && (PASS_FAIL_NA as readonly string[]).includes(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'text':
      return typeof value === 'string' && value.trim() !== '';
  }
}

/** Whether the item, answered `value`, needs a photo. */
export function photoNeeded(item: RoundItemRule, value: string | number | null): boolean {
  return item.photo === 'required' || (item.photo === 'on_fail' && value === 'fail');
}

/**
 * What is wrong with a checklist's answers, item by item, in checklist order; empty when it may
 * be submitted. Every item answered once with a value of its kind, its photo when its rule asks,
 * no answer to an item the checklist does not have. The form and the server both ask this.
 */
export function checkAnswers(
  items: readonly RoundItemRule[],
  answers: readonly RoundAnswerInput[],
): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const byItem = new Map<string, RoundAnswerInput>();
  const known = new Set(items.map((i) => i.id));
  for (const a of answers) {
    if (!known.has(a.item_id)) {
      issues.push({ path: `answers.${a.item_id}`, code: 'round_item_unknown' });
    } else if (byItem.has(a.item_id)) {
      issues.push({ path: `answers.${a.item_id}`, code: 'round_answer_repeated' });
    } else {
      byItem.set(a.item_id, a);
    }
  }
  for (const item of items) {
    const a = byItem.get(item.id);
    if (a === undefined || a.value === null) {
      issues.push({ path: `answers.${item.id}`, code: 'round_answer_missing' });
      continue;
    }
    if (!isAnswerOfKind(item.kind, a.value)) {
      issues.push({ path: `answers.${item.id}`, code: 'round_answer_invalid' });
      continue;
    }
    if (photoNeeded(item, a.value) && (a.photos ?? []).length === 0) {
      issues.push({ path: `answers.${item.id}.photos`, code: 'round_photo_required' });
    }
  }
  return issues;
}

/** Who a template is for: one user, or anyone of a role. */
export interface RoundAssignment {
  assignee_user_id: string | null;
  assignee_role: string | null;
}

/** Whether a user (id, role) does this round: its assignee, anyone of its role, or an admin. */
export function doesRound(
  assignment: RoundAssignment,
  user: { id: string; role: string },
): boolean {
  if (user.role === 'admin') return true;
  if (assignment.assignee_user_id !== null) return assignment.assignee_user_id === user.id;
  return assignment.assignee_role === user.role;
}

/** Whether the user is the one the round is for (an admin is not, unless assigned): `/tasks`. */
export function isRoundFor(
  assignment: RoundAssignment,
  user: { id: string; role: string },
): boolean {
  if (assignment.assignee_user_id !== null) return assignment.assignee_user_id === user.id;
  return assignment.assignee_role === user.role;
}
