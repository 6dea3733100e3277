import type { tables } from '@urs/api';
import type { PhotoKind, ReportStatus } from '@urs/sync-protocol';
import type { Clock } from './clock.js';
import type { NewRow, PlanContext } from './context.js';
import { ADMIN_NOTES, REPORT_TEMPLATES, type ReportTemplate } from './work-data.js';
import { imageKey, VARIANTS } from './images.js';
import { JobPlanner, type EventRow } from './jobs.js';

type ReportRow = NewRow<typeof tables.reports>;
type PhotoRow = NewRow<typeof tables.reportPhotos>;

const REPORT_COUNT = 60;
/** Days back of the reports that fill the dashboard's "last seven days". */
const RECENT_DAYS = [0, 0, 1, 1, 2, 3, 4, 5, 6];
const HISTORY_DAYS = 180;

/** Recent work is still open; older work is mostly done. */
function statusFor(ctx: PlanContext, daysAgo: number): ReportStatus {
  if (daysAgo < 7) {
    return ctx.rng.weighted([
      ['pending', 45],
      ['in_progress', 30],
      ['completed', 20],
      ['cancelled', 5],
    ]);
  }
  if (daysAgo < 30) {
    return ctx.rng.weighted([
      ['pending', 10],
      ['in_progress', 20],
      ['completed', 60],
      ['cancelled', 10],
    ]);
  }
  return ctx.rng.weighted([
    ['completed', 88],
    ['cancelled', 10],
    ['in_progress', 2],
  ]);
}

const NOTE_CHANCE: Record<ReportStatus, number> = {
  pending: 0.1,
  in_progress: 0.5,
  completed: 0.35,
  cancelled: 1,
};

/** Hours from filing to the last status change. */
const HOURS_TO_UPDATE: Record<ReportStatus, readonly [number, number]> = {
  pending: [0, 0],
  in_progress: [0.5, 20],
  completed: [2, 72],
  cancelled: [4, 48],
};

/** Deals templates like cards, so the same complaint does not come up twice in a row. */
class Deck {
  private cards: ReportTemplate[] = [];

  constructor(private readonly ctx: PlanContext) {}

  draw(daysAgo: number): ReportTemplate {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const index = this.cards.findIndex((t) => this.ctx.areaInUse(t.area, daysAgo));
      const card = this.cards[index];
      if (card !== undefined) {
        this.cards.splice(index, 1);
        return card;
      }
      this.cards = this.ctx.rng.shuffle(REPORT_TEMPLATES);
    }
    throw new Error('demo seed: no report template fits');
  }
}

function reportDays(ctx: PlanContext): number[] {
  const older = REPORT_COUNT - RECENT_DAYS.length;
  const span = HISTORY_DAYS - 8;
  // Evenly spread with jitter, so every one of the last six months has work in it.
  const history = Array.from({ length: older }, (_, k) =>
    Math.min(HISTORY_DAYS - 1, 7 + Math.floor((span * (k + ctx.rng.float())) / older)),
  );
  return [...history.reverse(), ...RECENT_DAYS.slice().reverse()];
}

/** The variants for `count` photos of a kind, matching the framings of the "before" set. */
function variants(first: readonly number[], count: number): number[] {
  const out = first.slice(0, count);
  for (let v = 0; out.length < count && v < VARIANTS; v += 1) if (!out.includes(v)) out.push(v);
  return out;
}

export function planReports(ctx: PlanContext): {
  reports: ReportRow[];
  photos: PhotoRow[];
  events: EventRow[];
} {
  const { rng, clock } = ctx;
  const deck = new Deck(ctx);
  const jobs = new JobPlanner(ctx);
  const reports: ReportRow[] = [];
  const photos: PhotoRow[] = [];
  for (const daysAgo of reportDays(ctx)) {
    const template = deck.draw(daysAgo);
    const reporter = ctx.personFor(template.role, daysAgo);
    const status = statusFor(ctx, daysAgo);
    const createdAt = clock.schoolTime(daysAgo, rng);
    const [minHours, maxHours] = HOURS_TO_UPDATE[status];
    const updatedAt =
      status === 'pending'
        ? createdAt
        : clock.workLater(createdAt, rng.between(minHours, maxHours), rng);
    const report: ReportRow = {
      ...ctx.sync(createdAt, updatedAt),
      reporterId: reporter.id,
      areaId: ctx.areaId(template.area),
      categoryId: template.category === null ? null : ctx.categoryId(template.category),
      workType: template.workType,
      description: template.description,
      status,
      adminNote: rng.chance(NOTE_CHANCE[status]) ? rng.pick(ADMIN_NOTES[status]) : null,
      reportedAt: createdAt.toISOString(),
    };
    reports.push(report);
    ctx.touch(reporter, createdAt);

    const firstPhoto = photos.length;
    const scene = ctx.areaScene(template.area);
    const addPhotos = (kind: PhotoKind, chosen: readonly number[], at: Date) => {
      chosen.forEach((variant, position) => {
        const image = ctx.image(imageKey({ kind, scene, variant }));
        photos.push({
          ...ctx.sync(at),
          reportId: report.id,
          reporterId: report.reporterId,
          kind,
          sha256: image.sha256,
          mimeType: 'image/jpeg',
          sizeBytes: image.sizeBytes,
          position,
        });
      });
    };
    const before = rng.chance(0.35) ? [0, 1] : [rng.int(0, VARIANTS - 1)];
    addPhotos('before', before, createdAt);
    if (status === 'completed') {
      addPhotos('after', variants(before, rng.chance(0.3) ? 2 : 1), updatedAt);
      ctx.touch(reporter, updatedAt);
    }
    jobs.plan({
      report,
      photos: photos.slice(firstPhoto),
      reporter,
      workType: template.workType,
      daysAgo,
    });
  }
  jobs.finish(reports);
  return { reports, photos, events: jobs.allEvents() };
}

/**
 * Reports sorted by arrival, numbered as the server numbers them when they arrive: per year of
 * the school's calendar (LAP-2026-000001, …).
 */
export function numberReports(reports: readonly ReportRow[], clock: Clock): ReportRow[] {
  const perYear = new Map<string, number>();
  return reports.map((report) => {
    const year = clock.schoolDay(new Date(report.createdAt)).slice(0, 4);
    const sequence = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, sequence);
    return { ...report, number: `LAP-${year}-${String(sequence).padStart(6, '0')}` };
  });
}
