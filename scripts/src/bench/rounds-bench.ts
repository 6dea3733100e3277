import { ChangeSeqRange, FIRST_SCHOOL_ID, roundCompliance, tables, type Db } from '@urs/api';
import { addDays, newId, occurrenceId, schoolDay } from '@urs/sync-protocol';
import { median, time, type BenchRow } from '../lib/measure.js';
import { benchServer } from './bench-server.js';

/*
 * Issue 41's compliance benchmark: 50 daily round templates with a year of completions (most on
 * time, some late, some never done), and the compliance of the whole year timed against the
 * same query over its last month, same database and run. On SQLite here, on PostgreSQL in
 * postgres-bench.ts (one engine per process).
 */

/** What issue 41 asks: the year within this many times the month. */
export const COMPLIANCE_TARGET = 3;
const TEMPLATES = 50;
const DAYS = 365;
const OFFSET_MINUTES = 420;
const HOUR_MS = 3_600_000;

const ITEMS = [
  { id: 'lantai', label: 'Lantai dipel', kind: 'pass_fail_na', unit: null, photo: 'none' },
  { id: 'sabun', label: 'Sabun diisi', kind: 'pass_fail_na', unit: null, photo: 'none' },
  { id: 'sampah', label: 'Sampah dibuang', kind: 'pass_fail_na', unit: null, photo: 'none' },
] as const;

/** 50 daily templates from a year ago, each with its version and a year of completions. */
export async function seedRoundsYear(
  db: Db,
  userId: string,
  nowMs: number,
): Promise<{ from: string; monthFrom: string; to: string; completions: number }> {
  const today = schoolDay(nowMs, OFFSET_MINUTES);
  const to = addDays(today, -1);
  const from = addDays(today, -DAYS);
  const created = new Date(nowMs - (DAYS + 1) * 24 * HOUR_MS).toISOString();
  const areaId = newId();
  let completions = 0;
  for (let t = 0; t < TEMPLATES; t++) {
    const id = newId();
    const definition = {
      title: `Kebersihan ruang ${t + 1}`,
      area_ids: [areaId],
      category_id: null,
      work_type: 'cleaning' as const,
      items: ITEMS.map((i) => ({ ...i })),
      assignee_user_id: null,
      assignee_role: 'custodian' as const,
      schedule: { kind: 'daily' as const },
      start_date: from,
      end_date: null,
      due_time: '09:00',
    };
    const rows: (typeof tables.roundCompletions.$inferInsert)[] = [];
    for (let d = 0; d < DAYS; d++) {
      const date = addDays(from, d);
      const roll = (t * 7919 + d * 104_729) % 100;
      if (roll >= 90) continue; // never done: missed
      // 08:00 local (on time) or 11:00 local (late, after the 09:00 due time).
      const localHour = roll < 80 ? 8 : 11;
      const at = Date.parse(`${date}T00:00:00Z`) + (localHour * 60 - OFFSET_MINUTES) * 60_000;
      const iso = new Date(at).toISOString();
      rows.push({
        id: newId(),
        schoolId: FIRST_SCHOOL_ID,
        templateId: id,
        templateVersion: 1,
        occurrenceId: occurrenceId(id, date),
        occurrenceDate: date,
        completedBy: userId,
        completedAt: iso,
        startedAt: null,
        note: null,
        answers: ITEMS.map((i) => ({ ...i, item_id: i.id, value: 'pass', note: null, photos: [] })),
        closing: true,
        closedById: null,
        closedAt: null,
        assigneeUserId: null,
        assigneeRole: 'custodian',
        createdAt: iso,
        updatedAt: iso,
        changeSeq: 0,
      });
    }
    completions += rows.length;
    await db.write(async (tx) => {
      const seq = await ChangeSeqRange.open(tx, FIRST_SCHOOL_ID);
      await tx.insert(tables.roundTemplates).values({
        id,
        schoolId: FIRST_SCHOOL_ID,
        version: 1,
        title: definition.title,
        areaIds: definition.area_ids,
        workType: definition.work_type,
        items: definition.items,
        assigneeRole: definition.assignee_role,
        schedule: definition.schedule,
        startDate: definition.start_date,
        dueTime: definition.due_time,
        paused: false,
        pauses: [],
        createdAt: created,
        updatedAt: created,
        changeSeq: seq.take(),
      });
      await tx.insert(tables.roundTemplateVersions).values({
        templateId: id,
        version: 1,
        schoolId: FIRST_SCHOOL_ID,
        definition,
        effectiveFrom: from,
        createdAt: created,
      });
      for (const row of rows) row.changeSeq = seq.take();
      for (let i = 0; i < rows.length; i += 100) {
        await tx.insert(tables.roundCompletions).values(rows.slice(i, i + 100));
      }
      await seq.commit();
    });
  }
  return { from, monthFrom: addDays(today, -30), to, completions };
}

/**
 * Times compliance of the year and of its last month on `db`, alternating which goes first,
 * after two unrecorded runs of each; checks the year's counts add up to the seeded history.
 */
export async function measureCompliance(
  db: Db,
  userId: string,
  engine: string,
  samples: number,
): Promise<BenchRow> {
  const nowMs = Date.now();
  const period = await seedRoundsYear(db, userId, nowMs);
  const year = () =>
    roundCompliance(db, FIRST_SCHOOL_ID, period.from, period.to, nowMs, OFFSET_MINUTES);
  const month = () =>
    roundCompliance(db, FIRST_SCHOOL_ID, period.monthFrom, period.to, nowMs, OFFSET_MINUTES);
  const answer = await year();
  const { on_time, late, missed } = answer.totals;
  if (on_time + late !== period.completions || missed !== TEMPLATES * DAYS - period.completions) {
    throw new Error(`rounds bench: the year counted ${JSON.stringify(answer.totals)}`);
  }
  await month();
  await year();
  await month();
  const times = { year: [] as number[], month: [] as number[] };
  for (let r = 0; r < samples; r++) {
    const order = r % 2 === 0 ? (['year', 'month'] as const) : (['month', 'year'] as const);
    for (const which of order) times[which].push(await time(which === 'year' ? year : month));
  }
  console.log(
    `rounds (${engine}): compliance of a year ${times.year.map((t) => t.toFixed(0)).join(', ')} ms; of a month ${times.month.map((t) => t.toFixed(0)).join(', ')} ms`,
  );
  return {
    name: `${engine}: rounds compliance, ${TEMPLATES} daily templates over a year (${TEMPLATES * DAYS} occurrences, ${period.completions} completions)`,
    baseline: 'the same query over its last month, same run',
    ms: median(times.year),
    baselineMs: median(times.month),
    target: COMPLIANCE_TARGET,
  };
}

/** The SQLite case of `npm run bench` (`BENCH_CASES=rounds`). */
export async function roundsComplianceBench(samples: number): Promise<BenchRow[]> {
  const server = await benchServer('rounds');
  try {
    const { userId } = await server.register();
    return [await measureCompliance(server.db, userId, 'SQLite', samples)];
  } finally {
    await server.close();
  }
}
