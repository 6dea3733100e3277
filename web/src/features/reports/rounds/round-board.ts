import {
  addDays,
  isRoundFor,
  occurrenceId,
  occurrencesBetween,
  occurrenceTiming,
  schoolDay,
  type AccountRole,
  type LastCompletion,
  type RoundCompletion,
  type RoundTemplate,
} from '@urs/sync-protocol';
import type { TaskCounts } from '../data/job-queries.js';

/*
 * Which rounds a user has on `/tasks` (decision 030), computed on the device from the templates
 * it holds and the completions it knows: the same contract functions the server counts
 * compliance with, in the school's calendar. No server, so offline all day.
 */

/** How far back an occurrence not done is still offered (its window closes before, mostly). */
const LOOKBACK_DAYS = 7;
/** How far ahead the upcoming rounds go: the next of each template within a week. */
const LOOKAHEAD_DAYS = 7;

export interface RoundTask {
  template: RoundTemplate;
  /** The occurrence's school day. */
  date: string;
  occurrenceId: string;
  /** Its due instant (its due time, or the end of its day), ms. */
  dueMs: number;
  /** When its window closes (the next scheduled day), ms. */
  closeMs: number;
  /** The completion that closed it as this device knows it (its own, or the server's). */
  completion: RoundCompletion | undefined;
}

export interface RoundBoard {
  overdue: RoundTask[];
  today: RoundTask[];
  upcoming: RoundTask[];
  /** Today's done ones. */
  done: RoundTask[];
}

/** The completions of each occurrence: the closing one first, then the device's own by time. */
export function completionsByOccurrence(
  completions: readonly RoundCompletion[],
): Map<string, RoundCompletion[]> {
  const by = new Map<string, RoundCompletion[]>();
  for (const c of completions) {
    const list = by.get(c.occurrence_id) ?? [];
    list.push(c);
    by.set(c.occurrence_id, list);
  }
  for (const list of by.values()) {
    list.sort(
      (a, b) =>
        Number(b.closing) - Number(a.closing) || a.completed_at.localeCompare(b.completed_at),
    );
  }
  return by;
}

/** The closing completion an `after_completion` schedule counts from: the latest one. */
export function lastCompletionOf(
  template: RoundTemplate,
  completions: readonly RoundCompletion[],
  offsetMinutes: number,
): LastCompletion | undefined {
  let last: RoundCompletion | undefined;
  for (const c of completions) {
    if (c.template_id !== template.id || !c.closing) continue;
    if (last === undefined || c.occurrence_date > last.occurrence_date) last = c;
  }
  if (last === undefined) return undefined;
  return {
    occurrence_date: last.occurrence_date,
    completed_day: schoolDay(Date.parse(last.completed_at), offsetMinutes),
  };
}

/**
 * The template's occurrences in `[from, to]`, with the days of the completions this device
 * knows: an `after_completion` round done today counts from today, so its schedule alone no
 * longer names today, and a completion is shown on its day whatever the schedule says now.
 */
function roundDays(
  template: RoundTemplate,
  completions: readonly RoundCompletion[],
  from: string,
  to: string,
  last: LastCompletion | undefined,
): string[] {
  const days = new Set(occurrencesBetween(template, from, to, last));
  for (const c of completions) {
    if (c.template_id === template.id && c.occurrence_date >= from && c.occurrence_date <= to) {
      days.add(c.occurrence_date);
    }
  }
  return [...days].sort();
}

/**
 * The user's rounds by `/tasks` section: overdue (a past due instant, not done, its window
 * still open), today (due later today), upcoming (the next of each template within a week) and
 * today's done ones; each section by due instant.
 */
export function roundBoard(
  templates: readonly RoundTemplate[],
  completions: readonly RoundCompletion[],
  user: { id: string; role: AccountRole },
  nowMs: number,
  offsetMinutes: number,
): RoundBoard {
  const board: RoundBoard = { overdue: [], today: [], upcoming: [], done: [] };
  const today = schoolDay(nowMs, offsetMinutes);
  const byOccurrence = completionsByOccurrence(completions);
  for (const template of templates) {
    if (!isRoundFor(template, user)) continue;
    const last =
      template.schedule.kind === 'after_completion'
        ? lastCompletionOf(template, completions, offsetMinutes)
        : undefined;
    const days = roundDays(
      template,
      completions,
      addDays(today, -LOOKBACK_DAYS),
      addDays(today, LOOKAHEAD_DAYS),
      last,
    );
    let upcomingTaken = false;
    for (const date of days) {
      const id = occurrenceId(template.id, date);
      const completion = byOccurrence.get(id)?.[0];
      const timing = occurrenceTiming(template, template.due_time, date, offsetMinutes);
      const task: RoundTask = { template, date, occurrenceId: id, ...timing, completion };
      if (date < today) {
        if (completion === undefined && nowMs < timing.closeMs) board.overdue.push(task);
      } else if (date === today) {
        if (completion !== undefined) board.done.push(task);
        else if (nowMs > timing.dueMs) board.overdue.push(task);
        else board.today.push(task);
      } else if (!upcomingTaken && completion === undefined) {
        board.upcoming.push(task);
        upcomingTaken = true;
      }
    }
  }
  const byDue = (a: RoundTask, b: RoundTask) =>
    a.dueMs - b.dueMs || a.template.title.localeCompare(b.template.title);
  board.overdue.sort(byDue);
  board.today.sort(byDue);
  board.upcoming.sort(byDue);
  board.done.sort(byDue);
  return board;
}

/** Today's rounds done and due, of a set of templates (the dashboard's figure). */
export function roundsToday(
  templates: readonly RoundTemplate[],
  completions: readonly RoundCompletion[],
  nowMs: number,
  offsetMinutes: number,
): { done: number; due: number } {
  const today = schoolDay(nowMs, offsetMinutes);
  const done = new Set<string>();
  for (const c of completions) if (c.occurrence_date === today) done.add(c.occurrence_id);
  let due = 0;
  let doneCount = 0;
  for (const template of templates) {
    const last =
      template.schedule.kind === 'after_completion'
        ? lastCompletionOf(template, completions, offsetMinutes)
        : undefined;
    if (roundDays(template, completions, today, today, last).length === 0) continue;
    due += 1;
    if (done.has(occurrenceId(template.id, today))) doneCount += 1;
  }
  return { done: doneCount, due };
}

/**
 * The menu's and the dashboard's counts (issue 41): the user's open jobs by section, with their
 * rounds overdue, due today and next. `open` (the menu's badge) is every open job and the rounds
 * to do today, overdue ones included: a round's next occurrence is on the list but not yet work.
 */
export function taskCounts(jobs: TaskCounts, rounds: RoundBoard): TaskCounts {
  return {
    overdue: jobs.overdue + rounds.overdue.length,
    today: jobs.today + rounds.today.length,
    upcoming: jobs.upcoming + rounds.upcoming.length,
    open: jobs.open + rounds.overdue.length + rounds.today.length,
  };
}
