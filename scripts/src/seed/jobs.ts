import type { tables } from '@urs/api';
import type { JobChanges, JobPriority, ReportEventKind, WorkType } from '@urs/sync-protocol';
import type { NewRow, PlanContext, PlannedPerson } from './context.js';
import type { PersonEmail } from './data.js';

/*
 * The demo school's jobs (decision 028): every report is somebody's job. Most are the
 * reporter's own work, as every report was before jobs. Of the last month's work, problems a
 * custodian, gardener or store keeper found that need a technician were filed for someone else:
 * the newest still wait unassigned in the admin's queue, the rest were given to a technician
 * with a priority and a due day, some of them now overdue, and their timelines show who
 * planned, started and finished them, with a few comments.
 */

type ReportRow = NewRow<typeof tables.reports>;
type PhotoRow = NewRow<typeof tables.reportPhotos>;
export type EventRow = NewRow<typeof tables.reportEvents>;

/** Work a technician does, whoever found it. */
const TECHNICIAN_WORK: ReadonlySet<WorkType> = new Set(['repair', 'maintenance']);
/** Recent enough to be planned as a job with a due day. */
const PLANNED_DAYS = 30;
/** Days back of the newest problems, filed by those who found them, the admin has not got to. */
const QUEUE_DAYS = 4;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Open jobs go to the technicians in turn, the demo's technician first. */
const TECHNICIANS: readonly PersonEmail[] = [
  'bambang.prasetyo@urs.sch.id',
  'hendra.wijaya@urs.sch.id',
  'bambang.prasetyo@urs.sch.id',
  'dedi.kurniawan@urs.sch.id',
];

/**
 * Due days of open jobs relative to today, in turn (oldest job first): the two oldest overdue,
 * then some due today and some ahead.
 */
const OPEN_DUE_OFFSETS = [-2, -1, 0, 3, 1, 0, 5, 7];
/** Due days of finished jobs relative to the day they were finished: most on time. */
const DONE_DUE_OFFSETS = [1, 0, 2, -1, 0, 3];
const DUE_TIMES = [null, null, '10:00', null, '14:00'] as const;

const PRIORITIES: readonly (readonly [JobPriority, number])[] = [
  ['normal', 45],
  ['high', 30],
  ['urgent', 10],
  ['low', 15],
];

const COMMENTS = {
  admin: [
    'Tolong didahulukan, ruangan ini dipakai ujian minggu ini.',
    'Kalau butuh suku cadang, ajukan permintaan barang saja.',
  ],
  assignee: [
    'Sudah saya cek, perlu suku cadang baru. Menunggu barang dari gudang.',
    'Dikerjakan setelah jam pelajaran supaya tidak mengganggu kelas.',
  ],
  reporter: ['Terima kasih, sudah bisa dipakai lagi.', 'Masih menetes sedikit kalau dibuka penuh.'],
} as const;

export interface PlannedJob {
  report: ReportRow;
  photos: PhotoRow[];
  reporter: PlannedPerson;
  workType: WorkType;
  daysAgo: number;
}

const at = (ms: number) => new Date(ms).toISOString();

export class JobPlanner {
  private readonly events: EventRow[] = [];
  private turn = 0;
  private openDue = 0;
  private doneDue = 0;
  private comments = 0;

  constructor(private readonly ctx: PlanContext) {}

  /** Makes the report a job (its fields, its photos' holder, its timeline). */
  plan(job: PlannedJob): void {
    const { report, reporter, daysAgo } = job;
    report.assigneeId = reporter.id;
    report.priority = 'normal';
    report.origin = 'staff';
    report.completedAt = report.status === 'completed' ? report.updatedAt : null;
    if (daysAgo < PLANNED_DAYS && TECHNICIAN_WORK.has(job.workType)) {
      // Most of a month's repairs were found by a custodian on their rounds, not by the
      // technician who fixed them.
      if (reporter.seed.role === 'technician' && this.ctx.rng.chance(0.7)) this.foundBy(job);
    }
    const finder = job.reporter.seed.role !== 'technician';
    if (finder && report.status === 'pending' && daysAgo < QUEUE_DAYS) {
      // The newest problems wait in the admin's queue: nobody has them yet.
      report.assigneeId = null;
    } else if (finder && TECHNICIAN_WORK.has(job.workType)) {
      if (daysAgo < PLANNED_DAYS) this.planProblem(job);
    } else if (daysAgo < PLANNED_DAYS) this.planOwnWork(job);
    for (const photo of job.photos) photo.assigneeId = report.assigneeId ?? null;
  }

  /** Every event planned, in the order they happened. */
  allEvents(): EventRow[] {
    return this.events.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  }

  /** The report as filed by a custodian who came across the problem, for someone else to fix. */
  private foundBy(job: PlannedJob): void {
    const finder = this.ctx.personFor('custodian', job.daysAgo);
    job.reporter = finder;
    job.report.reporterId = finder.id;
    job.report.assigneeId = finder.id;
    for (const photo of job.photos) photo.reporterId = finder.id;
    this.ctx.touch(finder, new Date(job.report.createdAt));
  }

  /**
   * One's own recent work: its status changes, as the reporter made them; a cancellation is the
   * admin's (decision 028: an assignee does not cancel).
   */
  private planOwnWork({ report, reporter }: PlannedJob): void {
    const to = report.status ?? 'pending';
    if (to === 'pending' || to === 'in_progress') {
      // The admin gave the open work a priority and a day to be done by.
      const plannedMs = this.ctx.clock
        .workLater(new Date(report.createdAt), this.ctx.rng.between(0.5, 2), this.ctx.rng)
        .getTime();
      const priority = this.ctx.rng.weighted(PRIORITIES);
      const dueDate = this.openDueDay(plannedMs);
      report.priority = priority;
      report.dueDate = dueDate;
      const changes: JobChanges = { due_date: [null, dueDate] };
      if (priority !== 'normal') changes.priority = ['normal', priority];
      this.event(report, this.ctx.admin(), 'job', changes, plannedMs);
    }
    if (to === 'pending') return;
    const doneAt = Date.parse(report.updatedAt);
    if (to === 'cancelled') {
      this.event(report, this.ctx.admin(), 'status', { status: ['pending', 'cancelled'] }, doneAt);
      return;
    }
    if (to === 'completed') {
      const startedAt = Math.max(Date.parse(report.createdAt), doneAt - 2 * HOUR_MS);
      this.event(report, reporter, 'status', { status: ['pending', 'in_progress'] }, startedAt);
    }
    const from = to === 'completed' ? 'in_progress' : 'pending';
    this.event(report, reporter, 'status', { status: [from, to] }, doneAt);
  }

  /** A problem found by someone else: queued, or planned by the admin for a technician. */
  private planProblem({ report, daysAgo }: PlannedJob): void {
    const { ctx } = this;
    const admin = ctx.admin();
    const createdMs = Date.parse(report.createdAt);
    const technician = ctx.person(TECHNICIANS[this.turn++ % TECHNICIANS.length] ?? '');
    ctx.assertActive(technician, daysAgo);
    const plannedMs = Math.min(
      ctx.clock.workLater(new Date(createdMs), ctx.rng.between(0.5, 3), ctx.rng).getTime(),
      ctx.clock.now.getTime(),
    );
    const priority = ctx.rng.weighted(PRIORITIES);
    const open = report.status === 'pending' || report.status === 'in_progress';
    const dueDate = open ? this.openDueDay(plannedMs) : this.doneDueDay(report);
    const dueTime = ctx.rng.pick(DUE_TIMES);
    report.assigneeId = technician.id;
    report.priority = priority;
    report.dueDate = dueDate;
    report.dueTime = dueTime;
    const changes: JobChanges = { assignee_id: [null, technician.id] };
    if (priority !== 'normal') changes.priority = ['normal', priority];
    changes.due_date = [null, dueDate];
    if (dueTime !== null) changes.due_time = [null, dueTime];
    this.event(report, admin, 'job', changes, plannedMs);
    if (report.status === 'pending') {
      this.comment(report, admin, 'admin', plannedMs + 10 * 60_000);
      return;
    }
    const endMs = Math.min(
      Math.max(Date.parse(report.updatedAt), plannedMs + 30 * 60_000),
      ctx.clock.now.getTime(),
    );
    const startedMs = plannedMs + (endMs - plannedMs) * ctx.rng.between(0.2, 0.6);
    if (report.status === 'cancelled') {
      this.event(report, admin, 'status', { status: ['pending', 'cancelled'] }, endMs);
    } else {
      this.event(report, technician, 'status', { status: ['pending', 'in_progress'] }, startedMs);
      if (report.status === 'in_progress') {
        this.comment(report, technician, 'assignee', startedMs + 20 * 60_000);
      } else {
        this.event(report, technician, 'status', { status: ['in_progress', 'completed'] }, endMs);
        report.completedAt = at(endMs);
        this.comment(report, this.reporterOf(report), 'reporter', endMs + 45 * 60_000);
      }
    }
  }

  /** An open job's due day: in turn overdue, today or ahead, never before it was planned. */
  private openDueDay(plannedMs: number): string {
    const offset = OPEN_DUE_OFFSETS[this.openDue++ % OPEN_DUE_OFFSETS.length] ?? 0;
    const { clock } = this.ctx;
    const due = Math.max(clock.now.getTime() + offset * DAY_MS, plannedMs);
    return clock.schoolDay(new Date(due));
  }

  /** A finished job's due day, around the day it was finished: mostly met, now and then not. */
  private doneDueDay(report: ReportRow): string {
    const offset = DONE_DUE_OFFSETS[this.doneDue++ % DONE_DUE_OFFSETS.length] ?? 0;
    const done = Date.parse(report.updatedAt) + offset * DAY_MS;
    return this.ctx.clock.schoolDay(new Date(Math.max(done, Date.parse(report.createdAt))));
  }

  private reporterOf(report: ReportRow): PlannedPerson {
    const person = this.ctx.allPeople().find((p) => p.id === report.reporterId);
    if (person === undefined) throw new Error('demo seed: a report without its reporter');
    return person;
  }

  private comment(
    report: ReportRow,
    author: PlannedPerson,
    as: keyof typeof COMMENTS,
    atMs: number,
  ): void {
    const texts = COMMENTS[as];
    const body = texts[this.comments++ % texts.length] ?? texts[0];
    this.event(report, author, 'comment', {}, atMs, body);
  }

  private event(
    report: ReportRow,
    actor: PlannedPerson,
    kind: ReportEventKind,
    changes: JobChanges,
    atMs: number,
    body: string | null = null,
  ): void {
    const { ctx } = this;
    const when = new Date(Math.min(atMs, ctx.clock.now.getTime()));
    const row: EventRow = {
      ...ctx.sync(when),
      reportId: report.id,
      actorId: actor.id,
      kind,
      changes,
      body,
      kept: false,
      occurredAt: at(when.getTime()),
      reporterId: report.reporterId,
      assigneeId: null,
    };
    this.events.push(row);
    ctx.touch(actor, when);
    if (row.occurredAt > report.updatedAt) report.updatedAt = row.occurredAt;
  }

  /** The events carry their report's holders as they end up (the pull reads them). */
  finish(reports: readonly ReportRow[]): void {
    const holders = new Map(reports.map((r) => [r.id, r.assigneeId ?? null]));
    for (const event of this.events) event.assigneeId = holders.get(event.reportId) ?? null;
  }
}
