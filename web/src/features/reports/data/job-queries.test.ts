import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { newId, type Report, type ReportEvent } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUrsDatabase, type UrsDatabase } from '../../../db/database.js';
import { testReport } from '../../../test/report.js';
import {
  countsOf,
  filterJobs,
  openJobsOf,
  reportTimeline,
  taskBoard,
  workPerPerson,
} from './job-queries.js';

const WIB = 7 * 60;
/** Tuesday 2 December 2026, 10:00 in Jakarta. */
const NOW = Date.parse('2026-12-02T03:00:00.000Z');
const TECH = newId();
const OTHER = newId();

let filed = 0;
function job(id: string, overrides: Partial<Report> = {}): Report {
  filed += 1;
  return {
    ...testReport(id, new Date(Date.UTC(2026, 10, filed)), 'pending', { reporter: OTHER }),
    assignee_id: TECH,
    ...overrides,
  };
}

let db: UrsDatabase;
beforeEach(() => {
  db = openUrsDatabase(`urs-job-queries-test-${newId()}`, { indexedDB, IDBKeyRange });
});
afterEach(async () => {
  await db.delete();
});

describe('the task board', () => {
  it('puts each open job in its section, the most pressing first', () => {
    const jobs = [
      job('besok', { due_date: '2026-12-03' }),
      job('tanpa tenggat, mendesak', { priority: 'urgent' }),
      job('tanpa tenggat'),
      job('pagi ini lewat', { due_date: '2026-12-02', due_time: '09:00', status: 'in_progress' }),
      job('kemarin', { due_date: '2026-12-01' }),
      job('hari ini sore', { due_date: '2026-12-02', due_time: '15:00' }),
      job('hari ini, mendesak', { due_date: '2026-12-02', priority: 'urgent' }),
      job('hari ini', { due_date: '2026-12-02' }),
      job('selesai', { due_date: '2026-12-01', status: 'completed' }),
    ];
    const board = taskBoard(jobs, NOW, WIB);
    const ids = (list: Report[]) => list.map((report) => report.id);
    expect(ids(board.overdue)).toEqual(['kemarin', 'pagi ini lewat']);
    expect(ids(board.today)).toEqual(['hari ini sore', 'hari ini, mendesak', 'hari ini']);
    expect(ids(board.upcoming)).toEqual(['besok', 'tanpa tenggat, mendesak', 'tanpa tenggat']);
    expect(countsOf(board)).toEqual({ overdue: 2, today: 3, upcoming: 3, open: 8 });
  });

  it("reads the day in the school's calendar: 06:00 in Jakarta is still the day before in UTC", () => {
    const early = Date.parse('2026-12-01T23:00:00.000Z');
    const board = taskBoard([job('hari ini', { due_date: '2026-12-02' })], early, WIB);
    expect(board.today.map((report) => report.id)).toEqual(['hari ini']);
  });

  it("reads only the user's open jobs from the device", async () => {
    await db.reports.bulkPut([
      job('mine'),
      job('started', { status: 'in_progress' }),
      job('done', { status: 'completed' }),
      job('theirs', { assignee_id: OTHER }),
      job('queue', { assignee_id: null }),
    ]);
    const open = await openJobsOf(db, TECH);
    expect(open.map((report) => report.id).sort()).toEqual(['mine', 'started']);
  });
});

describe('the timeline', () => {
  const event = (id: string, at: string, extra: Partial<ReportEvent> = {}): ReportEvent => ({
    id,
    report_id: 'r',
    actor_id: OTHER,
    kind: 'comment',
    changes: {},
    body: id,
    kept: false,
    occurred_at: at,
    created_at: at,
    updated_at: at,
    ...extra,
  });

  it('lists a report’s events oldest first, with the names of who did them and to whom', async () => {
    await db.users.bulkPut([
      { id: OTHER, name: 'Rahmat', role: 'admin', photo_url: null, created_at: '', updated_at: '' },
      {
        id: TECH,
        name: 'Bambang',
        role: 'technician',
        photo_url: null,
        created_at: '',
        updated_at: '',
      },
    ]);
    await db.report_events.bulkPut([
      event('b', '2026-12-02T02:00:00.000Z'),
      event('a', '2026-12-02T01:00:00.000Z', {
        kind: 'job',
        body: null,
        changes: { assignee_id: [null, TECH] },
      }),
      event('other report', '2026-12-02T00:00:00.000Z', { report_id: 'x' }),
    ]);
    const timeline = await reportTimeline(db, 'r');
    expect(timeline.events.map((e) => e.id)).toEqual(['a', 'b']);
    expect(Object.fromEntries(timeline.names)).toEqual({ [OTHER]: 'Rahmat', [TECH]: 'Bambang' });
  });
});

describe('work per person', () => {
  it('counts open and overdue jobs per assignee, the queue apart, the most overdue first', async () => {
    await db.users.put({
      id: TECH,
      name: 'Bambang',
      role: 'technician',
      photo_url: null,
      created_at: '',
      updated_at: '',
    });
    await db.reports.bulkPut([
      job('1', { due_date: '2026-12-01' }),
      job('2', { due_date: '2026-12-05', status: 'in_progress' }),
      job('3', { assignee_id: OTHER }),
      job('4', { assignee_id: null, due_date: '2026-11-30' }),
      job('5', { due_date: '2026-11-01', status: 'completed' }),
    ]);
    const rows = await workPerPerson(db, NOW, WIB);
    expect(rows).toEqual([
      { assigneeId: TECH, name: 'Bambang', open: 2, overdue: 1 },
      { assigneeId: null, name: undefined, open: 1, overdue: 1 },
      { assigneeId: OTHER, name: undefined, open: 1, overdue: 0 },
    ]);
  });
});

describe("the admin's board filters", () => {
  it('keeps the jobs of one person, the queue, a priority, or only the overdue', () => {
    const jobs = [
      job('bambang', { due_date: '2026-12-01' }),
      job('antrean', { assignee_id: null, priority: 'urgent' }),
      job('lain', { assignee_id: OTHER, priority: 'urgent', due_date: '2026-12-09' }),
    ];
    const ids = (filter: Parameters<typeof filterJobs>[1]) =>
      filterJobs(jobs, filter, NOW, WIB).map((report) => report.id);
    expect(ids({})).toEqual(['bambang', 'antrean', 'lain']);
    expect(ids({ assignee: TECH })).toEqual(['bambang']);
    expect(ids({ assignee: null })).toEqual(['antrean']);
    expect(ids({ priority: 'urgent' })).toEqual(['antrean', 'lain']);
    expect(ids({ overdueOnly: true })).toEqual(['bambang']);
    expect(ids({ priority: 'urgent', overdueOnly: true })).toEqual([]);
  });
});
