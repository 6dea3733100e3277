import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  addDays,
  dayNumber,
  isDueTime,
  occurrenceId,
  occurrenceStatus,
  occurrenceTiming,
  occurrencesBetween,
  roleLabel,
  schoolDay,
  type ComplianceCounts,
  type LastCompletion,
  type OccurrenceStatus,
  type OccurrenceTiming,
  type RoundCalendar,
  type RoundCompliance,
  type RoundSchedule,
  type RoundTemplateDefinition,
} from '@urs/sync-protocol';
import type { Db, Reader } from '../db/handles.js';
import {
  countable,
  countSegments,
  segmentsOf,
  type SegmentCounts,
} from './round-compliance-counts.js';
import {
  roundCompletions,
  roundTemplateVersions,
  roundTemplates,
  areas,
  users,
} from '../db/schema.js';
import { inSchool } from '../auth/visibility.js';
import { namesByIds } from '../data/names.js';
import { planOf, type RoundTemplateRow } from '../data/rounds.js';
import { NUMBER_COLUMN, xlsxDownload, type XlsxDownload } from '../lib/xlsx-stream.js';
import { asLocalWallClock, type SchoolClock } from '../lib/school-time.js';

/*
 * Compliance of rounds (docs/decisions/030-rounds.md): every occurrence of a period, derived
 * from the versions in effect and the closing completions, judged on time, late, missed or
 * open. Nothing is stored: one read of the school's templates, versions and the period's
 * closing completions, then days in memory through the contract's functions.
 */

export interface JudgedOccurrence {
  occurrence_id: string;
  template_id: string;
  date: string;
  status: OccurrenceStatus;
  /** The version in effect that day: its areas and assignee count the occurrence. */
  definition: RoundTemplateDefinition;
  completion_id: string | null;
  completed_by: string | null;
  completed_at: string | null;
}

interface Closing {
  id: string;
  templateId: string;
  occurrenceDate: string;
  completedBy: string;
  completedAt: string;
}

type Version = { version: number; definition: RoundTemplateDefinition; effectiveFrom: string };

const zero = (): ComplianceCounts => ({ on_time: 0, late: 0, missed: 0, open: 0 });

/** The school's templates (oldest first) and their versions (per template, oldest first). */
async function loadRounds(
  db: Reader,
  schoolId: string,
): Promise<{ templates: RoundTemplateRow[]; versions: Map<string, Version[]> }> {
  const templates = await db
    .select()
    .from(roundTemplates)
    .where(inSchool(roundTemplates, schoolId))
    .orderBy(asc(roundTemplates.createdAt), asc(roundTemplates.id));
  const versions = new Map<string, Version[]>();
  if (templates.length === 0) return { templates, versions };
  const versionRows = await db
    .select()
    .from(roundTemplateVersions)
    .where(inSchool(roundTemplateVersions, schoolId))
    .orderBy(asc(roundTemplateVersions.templateId), asc(roundTemplateVersions.version));
  for (const v of versionRows) {
    const list = versions.get(v.templateId) ?? [];
    list.push(v);
    versions.set(v.templateId, list);
  }
  return { templates, versions };
}

/**
 * Every occurrence of the school's rounds on days `[from, to]`, judged as of `nowMs`. `from` may
 * be worked out from the templates' schedules, every version's (the round check's lookback).
 */
export async function judgeOccurrences(
  db: Reader,
  schoolId: string,
  from: string | ((schedules: readonly RoundSchedule[]) => string),
  to: string,
  nowMs: number,
  offsetMinutes: number,
): Promise<{ occurrences: JudgedOccurrence[]; templates: RoundTemplateRow[] }> {
  const { templates, versions } = await loadRounds(db, schoolId);
  const occurrences = await judgeTemplates(
    db,
    schoolId,
    templates,
    versions,
    typeof from === 'string'
      ? from
      : from([...versions.values()].flatMap((list) => list.map((v) => v.definition.schedule))),
    to,
    nowMs,
    offsetMinutes,
  );
  occurrences.sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1));
  return { occurrences, templates };
}

/** The occurrences of `templates` on days `[from, to]`, template by template, each by date. */
async function judgeTemplates(
  db: Reader,
  schoolId: string,
  templates: readonly RoundTemplateRow[],
  versions: ReadonlyMap<string, Version[]>,
  from: string,
  to: string,
  nowMs: number,
  offsetMinutes: number,
): Promise<JudgedOccurrence[]> {
  if (templates.length === 0) return [];
  // An after_completion chain starts at its start date, so its closings are read from there.
  const earliest = templates.reduce((min, t) => {
    const start = t.schedule.kind === 'after_completion' ? t.startDate : from;
    return start < min ? start : min;
  }, from);
  const closings = await db
    .select({
      id: roundCompletions.id,
      templateId: roundCompletions.templateId,
      occurrenceDate: roundCompletions.occurrenceDate,
      completedBy: roundCompletions.completedBy,
      completedAt: roundCompletions.completedAt,
    })
    .from(roundCompletions)
    .where(
      and(
        inSchool(roundCompletions, schoolId),
        inArray(
          roundCompletions.templateId,
          templates.map((t) => t.id),
        ),
        gte(roundCompletions.occurrenceDate, earliest),
        lte(roundCompletions.occurrenceDate, to),
        eq(roundCompletions.closing, true),
      ),
    );
  const closingOf = new Map<string, Closing>();
  for (const c of closings) closingOf.set(occurrenceId(c.templateId, c.occurrenceDate), c);

  const occurrences: JudgedOccurrence[] = [];
  for (const template of templates) {
    const list = versions.get(template.id) ?? [];
    // One plan per version, not per occurrence: a year of a daily round is 365 of them.
    const plans = new Map<RoundTemplateDefinition, ReturnType<typeof planOf>>();
    for (const [date, definition] of templateDays(
      template,
      list,
      from,
      to,
      offsetMinutes,
      closingOf,
    )) {
      let plan = plans.get(definition);
      if (plan === undefined) plans.set(definition, (plan = planOf(definition, template)));
      const id = occurrenceId(template.id, date);
      const closing = closingOf.get(id);
      const timing = timingOf(plan, definition.due_time, date, offsetMinutes);
      occurrences.push({
        occurrence_id: id,
        template_id: template.id,
        date,
        status: occurrenceStatus(timing, closing?.completedAt ?? null, nowMs),
        definition,
        completion_id: closing?.id ?? null,
        completed_by: closing?.completedBy ?? null,
        completed_at: closing?.completedAt ?? null,
      });
    }
  }
  return occurrences;
}

const DAY_MS = 86_400_000;

/**
 * `occurrenceTiming` with a daily round's window worked out by arithmetic: its due instant is
 * the day's due time and its window closes at the next day's midnight, both in the school's
 * calendar. Other schedules ask the contract for their next day.
 */
function timingOf(
  plan: ReturnType<typeof planOf>,
  dueTime: string | null,
  date: string,
  offsetMinutes: number,
): OccurrenceTiming {
  if (plan.schedule.kind !== 'daily') {
    return occurrenceTiming(plan, dueTime, date, offsetMinutes);
  }
  // As dueInstant: the due time on the day, or the end of the day without a (valid) one.
  const minutes =
    dueTime !== null && isDueTime(dueTime)
      ? Number(dueTime.slice(0, 2)) * 60 + Number(dueTime.slice(3, 5))
      : 24 * 60;
  const dayStartMs = dayNumber(date) * DAY_MS - offsetMinutes * 60_000;
  return { dueMs: dayStartMs + minutes * 60_000, closeMs: dayStartMs + DAY_MS };
}

/**
 * The template's occurrence days in `[from, to]`, each with the version in effect on it: each
 * version's days from its effective day to the next version's (the first from the start).
 * An after_completion round walks its chain from its start, each closing completion moving the
 * next one to n days after the day it was done.
 */
function templateDays(
  template: RoundTemplateRow,
  versions: readonly Version[],
  from: string,
  to: string,
  offsetMinutes: number,
  closingOf: ReadonlyMap<string, Closing>,
): [string, RoundTemplateDefinition][] {
  const out: [string, RoundTemplateDefinition][] = [];
  let last: LastCompletion | undefined;
  versions.forEach((version, i) => {
    const next = versions[i + 1];
    const segFrom = i === 0 ? '0000-01-01' : version.effectiveFrom;
    const segTo = next === undefined ? to : addDays(next.effectiveFrom, -1);
    if (segTo < segFrom) return;
    const plan = planOf(version.definition, template);
    if (plan.schedule.kind !== 'after_completion') {
      const lo = segFrom > from ? segFrom : from;
      for (const d of occurrencesBetween(plan, lo, segTo)) out.push([d, version.definition]);
      return;
    }
    let cursor = segFrom;
    for (;;) {
      const [d] = occurrencesBetween(plan, cursor, segTo, last);
      if (d === undefined) break;
      const closing = closingOf.get(occurrenceId(template.id, d));
      if (closing !== undefined) {
        last = {
          occurrence_date: d,
          completed_day: schoolDay(Date.parse(closing.completedAt), offsetMinutes),
        };
      }
      if (d >= from) out.push([d, version.definition]);
      cursor = addDays(d, 1);
    }
  });
  return out;
}

function add(counts: ComplianceCounts, status: OccurrenceStatus): void {
  counts[status] += 1;
}

/**
 * Per template, area and person over `[from, to]`, as `GET /api/rounds/compliance` answers. The
 * templates on a schedule of days are counted by the database (round-compliance-counts.ts);
 * after_completion chains, whose days depend on each completion, occurrence by occurrence.
 */
export async function roundCompliance(
  db: Db,
  schoolId: string,
  from: string,
  to: string,
  nowMs: number,
  offsetMinutes: number,
): Promise<RoundCompliance> {
  const { templates, versions } = await loadRounds(db, schoolId);
  const counted: RoundTemplateRow[] = [];
  const walked: RoundTemplateRow[] = [];
  for (const t of templates) (countable(versions.get(t.id) ?? []) ? counted : walked).push(t);
  const segments = counted.flatMap((t) =>
    segmentsOf(t, versions.get(t.id) ?? [], from, to, nowMs, offsetMinutes),
  );
  const [segmentCounts, occurrences] = await Promise.all([
    countSegments(db, schoolId, segments, offsetMinutes),
    judgeTemplates(db, schoolId, walked, versions, from, to, nowMs, offsetMinutes),
  ]);
  const countsOf = new Map<string, SegmentCounts[]>();
  for (const c of segmentCounts) {
    const list = countsOf.get(c.segment.template.id) ?? [];
    list.push(c);
    countsOf.set(c.segment.template.id, list);
  }
  const walkedOf = new Map<string, JudgedOccurrence[]>();
  for (const o of occurrences) {
    const list = walkedOf.get(o.template_id) ?? [];
    list.push(o);
    walkedOf.set(o.template_id, list);
  }

  const totals = zero();
  const byTemplate = new Map<string, ComplianceCounts>();
  const byArea = new Map<string, ComplianceCounts>();
  const byPerson = new Map<
    string,
    ComplianceCounts & { user_id: string | null; role: string | null }
  >();
  const bucket = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
    let v = map.get(key);
    if (v === undefined) map.set(key, (v = make()));
    return v;
  };
  /** `n` occurrences of `definition` with `status`, closed by `completedBy` when done. */
  const count = (
    templateId: string,
    definition: RoundTemplateDefinition,
    status: OccurrenceStatus,
    n: number,
    completedBy: string | null,
  ) => {
    if (n === 0) return;
    totals[status] += n;
    bucket(byTemplate, templateId, zero)[status] += n;
    for (const area of definition.area_ids) bucket(byArea, area, zero)[status] += n;
    const done = status === 'on_time' || status === 'late';
    const userId = done ? completedBy : definition.assignee_user_id;
    const role = done || userId !== null ? null : definition.assignee_role;
    const key = userId !== null ? `u:${userId}` : `r:${role ?? ''}`;
    bucket(byPerson, key, () => ({ ...zero(), user_id: userId, role }))[status] += n;
  };
  for (const template of templates) {
    for (const c of countsOf.get(template.id) ?? []) {
      const { definition } = c.segment;
      for (const p of c.done) {
        count(template.id, definition, 'on_time', p.onTime, p.completedBy);
        count(template.id, definition, 'late', p.late, p.completedBy);
      }
      count(template.id, definition, 'missed', c.missed, null);
      count(template.id, definition, 'open', c.open, null);
    }
    for (const o of walkedOf.get(template.id) ?? []) {
      count(template.id, o.definition, o.status, 1, o.completed_by);
    }
  }
  const areaIds = [...byArea.keys()];
  const userIds = [...byPerson.values()].flatMap((p) => (p.user_id === null ? [] : [p.user_id]));
  const areaNames = await namesByIds(db, areas, schoolId, areaIds);
  const userNames = await namesByIds(db, users, schoolId, userIds);
  const titles = new Map(templates.map((t) => [t.id, t.title]));
  return {
    from,
    to,
    totals,
    by_template: [...byTemplate].map(([id, c]) => ({
      template_id: id,
      title: titles.get(id) ?? '',
      ...c,
    })),
    by_area: [...byArea].map(([id, c]) => ({
      area_id: id,
      name: areaNames.get(id)?.name ?? '',
      ...c,
    })),
    by_person: [...byPerson.values()].map((p) => ({
      ...p,
      role: p.role as RoundCompliance['by_person'][number]['role'],
      name: p.user_id !== null ? (userNames.get(p.user_id)?.name ?? '') : roleLabel(p.role),
    })),
  };
}

/** A month of the calendar: every occurrence, and the counts per day. */
export async function roundCalendar(
  db: Reader,
  schoolId: string,
  month: string,
  nowMs: number,
  offsetMinutes: number,
): Promise<RoundCalendar> {
  const from = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const to = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const { occurrences } = await judgeOccurrences(db, schoolId, from, to, nowMs, offsetMinutes);
  const days = new Map<string, ComplianceCounts>();
  for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, zero());
  for (const o of occurrences) {
    const counts = days.get(o.date);
    if (counts !== undefined) add(counts, o.status);
  }
  return {
    month,
    days: [...days].map(([date, c]) => ({ date, ...c })),
    occurrences: occurrences.map((o) => ({
      occurrence_id: o.occurrence_id,
      template_id: o.template_id,
      date: o.date,
      status: o.status,
      completion_id: o.completion_id,
      completed_by: o.completed_by,
      completed_at: o.completed_at,
    })),
  };
}

const STATUS_ID: Record<OccurrenceStatus, string> = {
  on_time: 'Tepat waktu',
  late: 'Terlambat',
  missed: 'Terlewat',
  open: 'Belum jatuh tempo',
};

/**
 * `GET /api/rounds/compliance/export`: every occurrence of the period, one row each, streamed
 * as the report export is (lib/xlsx-stream.ts): the round, its day, areas, who it was for, how
 * it stands, who closed it and when (the school's wall clock).
 */
export async function exportCompliance(
  db: Reader,
  schoolId: string,
  from: string,
  to: string,
  now: Date,
  clock: SchoolClock,
): Promise<XlsxDownload> {
  const { occurrences, templates } = await judgeOccurrences(
    db,
    schoolId,
    from,
    to,
    now.getTime(),
    clock.offsetMinutes,
  );
  const titles = new Map(templates.map((t) => [t.id, t.title]));
  const areaNames = new Map(
    (
      await db
        .select({ id: areas.id, name: areas.name })
        .from(areas)
        .where(inSchool(areas, schoolId))
    ).map((a) => [a.id, a.name]),
  );
  const userNames = new Map(
    (
      await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inSchool(users, schoolId))
    ).map((u) => [u.id, u.name]),
  );
  return xlsxDownload(
    'kepatuhan-rutinitas',
    {
      sheetName: 'Kepatuhan',
      columns: [
        NUMBER_COLUMN,
        { header: 'Rutinitas', key: 'title', width: 32 },
        { header: 'Tanggal', key: 'date', width: 12 },
        { header: 'Area', key: 'areas', width: 28 },
        { header: 'Petugas', key: 'assignee', width: 22 },
        { header: 'Status', key: 'status', width: 18 },
        { header: 'Diselesaikan oleh', key: 'by', width: 22 },
        { header: 'Waktu selesai', key: 'at', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
      ],
      rows: occurrences,
      toCells: (o, index) => ({
        no: index,
        title: titles.get(o.template_id) ?? '',
        date: o.date,
        areas: o.definition.area_ids.map((id) => areaNames.get(id) ?? '').join(', '),
        assignee:
          o.definition.assignee_user_id !== null
            ? (userNames.get(o.definition.assignee_user_id) ?? '')
            : roleLabel(o.definition.assignee_role),
        status: STATUS_ID[o.status],
        by: o.completed_by === null ? '' : (userNames.get(o.completed_by) ?? ''),
        at: o.completed_at === null ? null : asLocalWallClock(new Date(o.completed_at), clock),
      }),
    },
    clock,
    now,
  );
}
