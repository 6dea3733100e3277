import { roundTemplateColumns, type tables } from '@urs/api';
import {
  addDays,
  checkAnswers,
  dayNumber,
  dueInstant,
  isoWeekday,
  occurrenceId,
  occurrencesBetween,
  schoolDay,
  type LastCompletion,
  type RoundAnswer,
  type RoundPlan,
  type RoundTemplateDefinition,
} from '@urs/sync-protocol';
import { iso } from './clock.js';
import type { NewRow, PlannedPerson, PlanContext } from './context.js';
import { Random } from './random.js';
import {
  EXTINGUISHER_WEIGHT_KG,
  ROUND_AREAS,
  ROUNDS,
  type RoundAssignee,
  type RoundSeed,
} from './rounds-data.js';

/*
 * The demo school's rounds (decision 030): templates an admin set up six months ago, their
 * versions, and the completions of every occurrence since, each on time, late or never done,
 * so that the server's compliance (round-compliance.ts, through the contract's
 * occurrencesBetween) judges the history as planned here. Today's rounds are left to do.
 *
 * A PRNG of its own: the rest of the demo history is the same with or without rounds.
 */

type AreaRow = NewRow<typeof tables.areas>;
type TemplateRow = NewRow<typeof tables.roundTemplates>;
type CompletionRow = NewRow<typeof tables.roundCompletions>;
/** Versions carry no change_seq (never synced): only their school is stamped on insert. */
export type VersionRow = Omit<typeof tables.roundTemplateVersions.$inferInsert, 'schoolId'>;

const SEED = 0x41_2026;
/** Six months of history, today excluded. */
export const ROUND_HISTORY_DAYS = 182;
/** The school's offset (WIB, UTC+7), as the seed's clock and SCHOOL_UTC_OFFSET's default. */
const OFFSET_MINUTES = 420;
const MINUTE_MS = 60_000;

export interface PlannedRounds {
  areas: AreaRow[];
  templates: TemplateRow[];
  versions: VersionRow[];
  completions: CompletionRow[];
}

/** The moment `minutes` after midnight of a school day. */
function atMinutes(date: string, minutes: number): number {
  const midnight = dueInstant(date, '00:00', OFFSET_MINUTES);
  if (midnight === null) throw new Error(`demo seed: not a day ${date}`);
  return midnight + minutes * MINUTE_MS;
}

const hhmm = (time: string): number => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

const GARDEN_NOTES = [
  'Tanaman segar.',
  'Beberapa daun menguning di bedeng timur.',
  'Rumput mulai tinggi, perlu dipangkas minggu ini.',
  'Tanah masih lembap sisa hujan semalam.',
  'Bunga kertas sedang mekar.',
];

class RoundPlanner {
  private readonly rng = new Random(SEED);
  private readonly today: string;
  private readonly out: PlannedRounds = { areas: [], templates: [], versions: [], completions: [] };

  constructor(private readonly ctx: PlanContext) {
    this.today = ctx.clock.schoolDay(ctx.clock.now);
  }

  plan(): PlannedRounds {
    const { ctx, rng } = this;
    for (const seed of ROUND_AREAS) {
      const createdAt = ctx.clock.schoolTime(rng.int(200, 206), rng);
      this.out.areas.push({
        ...ctx.sync(createdAt),
        id: ctx.addArea(seed),
        name: seed.name,
        description: seed.description,
        active: true,
      });
    }
    for (const seed of ROUNDS) this.planRound(seed);
    return this.out;
  }

  private daysAgo(date: string): number {
    return dayNumber(this.today) - dayNumber(date);
  }

  private assignment(assignee: RoundAssignee) {
    return 'person' in assignee
      ? { assignee_user_id: this.ctx.person(assignee.person).id, assignee_role: null }
      : { assignee_user_id: null, assignee_role: assignee.role };
  }

  private definition(seed: RoundSeed, assignee: RoundAssignee, start: string) {
    return {
      title: seed.title,
      area_ids: seed.areas.map((name) => this.ctx.areaId(name)),
      category_id: this.ctx.categoryId(seed.category),
      work_type: seed.workType,
      items: seed.items.map((i) => ({ ...i, unit: i.unit ?? null })),
      ...this.assignment(assignee),
      schedule: seed.schedule,
      start_date: start,
      end_date: null,
      due_time: seed.dueTime,
    } satisfies RoundTemplateDefinition;
  }

  private planRound(seed: RoundSeed): void {
    const { ctx, rng } = this;
    const admin = ctx.admin();
    const start = addDays(this.today, -ROUND_HISTORY_DAYS);
    // The admin set the round up the day before it began.
    const createdAt = ctx.clock.schoolTime(ROUND_HISTORY_DAYS + 1, rng);
    const templateId = ctx.sync(createdAt).id;
    const versions = [
      {
        version: 1,
        definition: this.definition(seed, seed.assignee, start),
        effectiveFrom: ctx.clock.schoolDay(createdAt),
        createdAt,
      },
    ];
    if (seed.handOver !== undefined) {
      const effectiveFrom = addDays(this.today, -seed.handOver.daysAgo);
      versions.push({
        version: 2,
        definition: this.definition(seed, seed.handOver.assignee, start),
        effectiveFrom,
        createdAt: new Date(atMinutes(effectiveFrom, 7 * 60 + rng.int(0, 40))),
      });
    }
    const current = versions[versions.length - 1];
    if (current === undefined) throw new Error('demo seed: a round without versions');
    for (const v of versions) {
      ctx.touch(admin, v.createdAt);
      this.out.versions.push({
        templateId,
        version: v.version,
        definition: v.definition,
        effectiveFrom: v.effectiveFrom,
        createdBy: admin.id,
        createdAt: iso(v.createdAt),
      });
    }
    const def = current.definition;
    this.out.templates.push({
      ...ctx.sync(createdAt, current.createdAt),
      id: templateId,
      version: current.version,
      ...roundTemplateColumns(def),
      paused: false,
      pauses: [],
      archivedOn: null,
      createdBy: admin.id,
    });

    // Every occurrence up to yesterday, walked as the server walks it (an after_completion
    // chain moves with each completion); the schedule is the same in every version.
    const plan: RoundPlan = { schedule: seed.schedule, start_date: start, end_date: null };
    const yesterday = addDays(this.today, -1);
    const versionOn = (date: string) =>
      versions.filter((v) => v.effectiveFrom <= date).at(-1) ?? versions[0];
    let cursor = start;
    let last: LastCompletion | undefined;
    let keptTwice = false;
    for (;;) {
      const [date] = occurrencesBetween(plan, cursor, yesterday, last);
      if (date === undefined) break;
      cursor = addDays(date, 1);
      const version = versionOn(date);
      if (version === undefined) continue;
      const completedAt = this.completionTime(seed, date);
      if (completedAt === null) continue;
      const person = this.doer(version.definition, this.daysAgo(date));
      const closing = this.complete(seed, templateId, version, date, person, completedAt);
      last = { occurrence_date: date, completed_day: schoolDay(completedAt, OFFSET_MINUTES) };
      // Once, both gardeners watered the same morning offline: the second is kept (decision 030).
      if (!keptTwice && def.assignee_role === 'gardener' && this.daysAgo(date) <= 30) {
        const other = ctx
          .allPeople()
          .find((p) => p.seed.role === 'gardener' && p.id !== person.id && p.seed.idleDays === 0);
        const at = completedAt + rng.int(10, 40) * MINUTE_MS;
        if (other !== undefined && at < ctx.clock.now.getTime()) {
          keptTwice = true;
          this.complete(seed, templateId, version, date, other, at, closing);
        }
      }
    }
  }

  /** When the occurrence was done, or null when it never was (or would be after now). */
  private completionTime(seed: RoundSeed, date: string): number | null {
    const { rng } = this;
    const { onTime, late, missed } = seed.outcomes;
    let outcome = rng.weighted([
      ['on_time', onTime],
      ['late', late],
      ['missed', missed],
    ] as const);
    if (outcome === 'missed') return null;
    // Nobody works on a Sunday: a round due then is done on Monday, late.
    if (isoWeekday(dayNumber(date)) === 7) outcome = 'late';
    let at: number;
    if (seed.dueTime !== null) {
      const due = hhmm(seed.dueTime);
      at =
        outcome === 'on_time'
          ? atMinutes(date, rng.int(6 * 60 + 30, due - 5))
          : atMinutes(date, rng.int(due + 10, 15 * 60 + 30));
    } else if (outcome === 'on_time') {
      at = atMinutes(date, rng.int(7 * 60 + 30, 15 * 60));
    } else {
      // Due by the end of its day: done some days after.
      let day = addDays(date, rng.int(1, seed.schedule.kind === 'after_completion' ? 9 : 4));
      if (isoWeekday(dayNumber(day)) === 7) day = addDays(day, 1);
      at = atMinutes(day, rng.int(7 * 60 + 30, 15 * 60));
    }
    return at < this.ctx.clock.now.getTime() - 10 * MINUTE_MS ? at : null;
  }

  /** Who did it: its person, or one of its role still working then. */
  private doer(def: RoundTemplateDefinition, daysAgo: number): PlannedPerson {
    const { ctx } = this;
    if (def.assignee_user_id !== null) {
      const person = ctx.allPeople().find((p) => p.id === def.assignee_user_id);
      if (person === undefined) throw new Error('demo seed: a round for nobody');
      ctx.assertActive(person, daysAgo);
      return person;
    }
    const able = ctx
      .allPeople()
      .filter(
        (p) =>
          p.seed.role === def.assignee_role && (p.seed.idleDays === 0 || p.seed.idleDays < daysAgo),
      );
    return this.rng.pick(able);
  }

  /** One completion row; a kept one names the closing completion. Returns it. */
  private complete(
    seed: RoundSeed,
    templateId: string,
    version: { version: number; definition: RoundTemplateDefinition },
    date: string,
    person: PlannedPerson,
    completedAt: number,
    closedBy?: CompletionRow,
  ): CompletionRow {
    const { ctx, rng } = this;
    const items = version.definition.items;
    const values = this.answers(seed, items);
    const issues = checkAnswers(items, values);
    if (issues.length > 0) throw new Error(`demo seed: ${seed.title}: ${issues[0]?.code ?? ''}`);
    const answers: RoundAnswer[] = items.map((item, i) => ({
      item_id: item.id,
      label: item.label,
      kind: item.kind,
      unit: item.unit,
      photo: item.photo,
      value: values[i]?.value ?? null,
      note: values[i]?.note ?? null,
      photos: [],
    }));
    // Synced when the phone found a signal: minutes later, never after now.
    const arrived = new Date(
      Math.min(completedAt + rng.int(1, 45) * MINUTE_MS, ctx.clock.now.getTime()),
    );
    const row: CompletionRow = {
      ...ctx.sync(arrived),
      templateId,
      templateVersion: version.version,
      occurrenceId: occurrenceId(templateId, date),
      occurrenceDate: date,
      completedBy: person.id,
      completedAt: iso(new Date(completedAt)),
      startedAt: iso(new Date(completedAt - rng.int(10, 45) * MINUTE_MS)),
      note: null,
      answers,
      closing: closedBy === undefined,
      closedById: closedBy?.completedBy ?? null,
      closedAt: closedBy?.completedAt ?? null,
      assigneeUserId: version.definition.assignee_user_id,
      assigneeRole: version.definition.assignee_role,
    };
    this.out.completions.push(row);
    ctx.touch(person, new Date(completedAt));
    return row;
  }

  private answers(
    seed: RoundSeed,
    items: RoundTemplateDefinition['items'],
  ): { item_id: string; value: string | number; note: string | null }[] {
    const { rng } = this;
    const failed = new Set<string>();
    for (const fault of seed.faults) if (rng.chance(fault.chance)) failed.add(fault.item);
    return items.map((item) => {
      const fault = seed.faults.find((f) => f.item === item.id);
      switch (item.kind) {
        case 'pass_fail_na':
          return failed.has(item.id)
            ? { item_id: item.id, value: 'fail', note: fault?.note ?? null }
            : { item_id: item.id, value: 'pass', note: null };
        case 'number': {
          if (item.unit === 'kg') {
            // A unit whose gauge is in the red has lost charge: it weighs less.
            const gauge = item.id.replace(/-berat$/, '-tekanan');
            const { min, max, leaking } = EXTINGUISHER_WEIGHT_KG;
            const kg = failed.has(gauge) ? leaking : rng.between(min, max);
            return { item_id: item.id, value: Math.round(kg * 10) / 10, note: null };
          }
          return { item_id: item.id, value: rng.int(13, 17), note: null };
        }
        case 'text':
          return { item_id: item.id, value: rng.pick(GARDEN_NOTES), note: null };
      }
    });
  }
}

/** The rounds of the demo school, with their areas, versions and six months of completions. */
export function planRounds(ctx: PlanContext): PlannedRounds {
  return new RoundPlanner(ctx).plan();
}
