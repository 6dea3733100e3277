import { isNull } from 'drizzle-orm';
import {
  addDays,
  longestGap,
  notificationExcerpt,
  occurrenceTiming,
  schoolDay,
  type RoundSchedule,
  type RoundTemplateDefinition,
} from '@urs/sync-protocol';
import type { Db, Tx } from '../db/handles.js';
import { roundNotices, schools } from '../db/schema.js';
import { ChangeSeqRange } from '../db/change-seq.js';
import { planOf } from '../data/rounds.js';
import { judgeOccurrences } from './round-compliance.js';
import { parseUtcOffset } from '../lib/school-time.js';
import type { Env } from '../env.js';
import { notify, usersWithRoles } from './notify.js';

/*
 * Round due soon / round missed (docs/decisions/031-notifications-and-web-push.md, rounds:
 * decision 030). Occurrences are computed, never stored, so nothing happens at a round's due
 * time unless someone looks: every API process runs this check every minute. It judges the
 * school's occurrences with the one function compliance uses and tells the assignee (or every
 * live member of the assignee role):
 *
 * - `round_due` once an open occurrence is due within the next hour (`ROUND_DUE_LEAD_MS`): an
 *   hour ahead, not at the due time, so the reminder leaves time to do the round on time (at
 *   the due time it could only say it is late); the kind's TTL is the same hour;
 * - `round_missed` once its window has closed with no completion (decision 030's missed,
 *   which begins at a school midnight), if that was within the last `MISSED_LOOKBACK_MS`, so
 *   a deployment or a process started after a pause does not tell of old history.
 *
 * Each (occurrence, kind, recipient) is written once: its `round_notices` key is inserted in
 * the notification's transaction with ON CONFLICT DO NOTHING, and only the recipients whose
 * key went in are notified. Two processes checking at the same time both try; the second
 * insert waits on the first's key (PostgreSQL) or its write lock (SQLite) and inserts nothing.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long before an occurrence's due instant its assignee is told it is due soon. */
export const ROUND_DUE_LEAD_MS = HOUR;
/** How long after its window closed a missed occurrence is still told. */
export const MISSED_LOOKBACK_MS = 24 * HOUR;
/**
 * How far back the day of an occurrence missed in the last 24 h can lie: its window closes at
 * the schedule's next day, so at most the longest gap of any of the school's schedules, and a
 * day more for the lookback and the school's offset. A school of daily rounds looks 3 days
 * back, one with a round every 90 days 92; it was a year for every school at every check.
 */
function missedDaysBack(schedules: readonly RoundSchedule[]): number {
  return schedules.reduce((most, schedule) => Math.max(most, longestGap(schedule)), 1) + 2;
}

type Kind = 'round_due' | 'round_missed';

interface Candidate {
  kind: Kind;
  occurrenceId: string;
  definition: RoundTemplateDefinition;
  title: string;
  due: string;
}

/** The HH:MM an occurrence is due at in the school's time (no due time: the day's end). */
const dueText = (definition: RoundTemplateDefinition) => definition.due_time ?? '23:59';

/** The school's occurrences that call for a notice at `nowMs`. */
async function candidates(
  db: Db,
  schoolId: string,
  nowMs: number,
  offsetMinutes: number,
  missed: boolean,
): Promise<Candidate[]> {
  const today = schoolDay(nowMs, offsetMinutes);
  // Due soon: an occurrence of yesterday (due at its end, today's start) to tomorrow (due
  // early in its day while it is still today's late evening).
  const from = missed
    ? (schedules: readonly RoundSchedule[]) => addDays(today, -missedDaysBack(schedules))
    : addDays(today, -1);
  const { occurrences, templates } = await judgeOccurrences(
    db,
    schoolId,
    from,
    addDays(today, 1),
    nowMs,
    offsetMinutes,
  );
  const byId = new Map(templates.map((t) => [t.id, t]));
  const out: Candidate[] = [];
  for (const o of occurrences) {
    const template = byId.get(o.template_id);
    if (template === undefined) continue;
    const timing = occurrenceTiming(
      planOf(o.definition, template),
      o.definition.due_time,
      o.date,
      offsetMinutes,
    );
    let kind: Kind | undefined;
    if (o.status === 'open' && timing.dueMs > nowMs && timing.dueMs - nowMs <= ROUND_DUE_LEAD_MS) {
      kind = 'round_due';
    } else if (missed && o.status === 'missed' && nowMs - timing.closeMs < MISSED_LOOKBACK_MS) {
      kind = 'round_missed';
    }
    if (kind === undefined) continue;
    out.push({
      kind,
      occurrenceId: o.occurrence_id,
      definition: o.definition,
      title: template.title,
      due: dueText(o.definition),
    });
  }
  return out;
}

/** Writes the school's notices whose keys are new; answers how many notifications it wrote. */
async function writeNotices(
  tx: Tx,
  schoolId: string,
  nowIso: string,
  found: readonly Candidate[],
  afterCommit: (fn: () => void) => void,
): Promise<number> {
  const seq = await ChangeSeqRange.open(tx, schoolId);
  const ctx = { tx, actor: { id: null, schoolId }, now: nowIso, seq: seq.take, afterCommit };
  let written = 0;
  for (const c of found) {
    const to =
      c.definition.assignee_user_id !== null
        ? [c.definition.assignee_user_id]
        : c.definition.assignee_role !== null
          ? await usersWithRoles(tx, schoolId, [c.definition.assignee_role])
          : [];
    if (to.length === 0) continue;
    const fresh = await tx
      .insert(roundNotices)
      .values(
        to.map((userId) => ({
          schoolId,
          occurrenceId: c.occurrenceId,
          kind: c.kind,
          userId,
          createdAt: nowIso,
        })),
      )
      .onConflictDoNothing()
      .returning({ userId: roundNotices.userId });
    if (fresh.length === 0) continue;
    written += await notify(ctx, {
      kind: c.kind,
      subjectId: c.occurrenceId,
      params: { round: notificationExcerpt(c.title), due: c.due },
      to: fresh.map((f) => f.userId),
    });
  }
  await seq.commit();
  return written;
}

export interface RoundNoticeOptions {
  offsetMinutes: number;
  /** How often to look (ms); a minute by default. */
  everyMs?: number;
  now?: () => number;
}

/** The check an API process runs every minute (its entry starts it beside the push sender). */
export class RoundNotifier {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  /** The school day whose missed occurrences were last looked for: they change at midnight. */
  private missedDay: string | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: RoundNoticeOptions,
  ) {}

  start(): void {
    const tick = () => {
      this.running ??= this.runOnce()
        .catch((err: unknown) => {
          console.error('round notices:', err);
          return 0;
        })
        .finally(() => (this.running = undefined));
      this.timer = setTimeout(tick, this.options.everyMs ?? MINUTE);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    await this.running;
  }

  /** One look over every live school; answers how many notifications it wrote. */
  async runOnce(): Promise<number> {
    const nowMs = (this.options.now ?? Date.now)();
    const offset = this.options.offsetMinutes;
    const today = schoolDay(nowMs, offset);
    // Missed occurrences appear only when a school day begins: looked for once a day (and at
    // start), since it reads a year of completions; due ones every time.
    const missed = this.missedDay !== today;
    const nowIso = new Date(nowMs).toISOString();
    const live = await this.db
      .select({ id: schools.id })
      .from(schools)
      .where(isNull(schools.deactivatedAt));
    let written = 0;
    for (const school of live) {
      const found = await candidates(this.db, school.id, nowMs, offset, missed);
      if (found.length === 0) continue;
      const wakes: (() => void)[] = [];
      written += await this.db.write((tx) =>
        writeNotices(tx, school.id, nowIso, found, (fn) => wakes.push(fn)),
      );
      for (const wake of wakes) wake();
    }
    if (missed) this.missedDay = today;
    return written;
  }
}

/** The check of an API process, as its entry starts it. */
export function startRoundNotifier(db: Db, env: Env): RoundNotifier {
  const notifier = new RoundNotifier(db, { offsetMinutes: parseUtcOffset(env.SCHOOL_UTC_OFFSET) });
  notifier.start();
  return notifier;
}
