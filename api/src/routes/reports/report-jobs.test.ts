import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, type Paged, type ReportListRow } from '@urs/sync-protocol';
import { reports } from '../../db/schema.js';
import { syncFixture, TestDevice, type SyncFixture } from '../../sync/test-kit.js';

/** The app's "now": Wednesday 18 November 2026, 10:00 in the school (WIB, UTC+7). */
const NOW = new Date('2026-11-18T03:00:00.000Z');

let f: SyncFixture;
let gardener: TestDevice;
let gardenerId: string;
let gardenerName: string;
beforeEach(async () => {
  f = await syncFixture('custodian', 'Kantin', { now: () => NOW });
  const signedIn = await f.t.signIn('gardener');
  gardener = new TestDevice(f.t, signedIn.token);
  gardenerId = signedIn.user.id;
  gardenerName = signedIn.user.name;
});
afterEach(() => f.t.close());

type Job = Partial<{
  status: 'cancelled';
  assigneeId: string | null;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  dueDate: string | null;
  dueTime: string | null;
  completedAt: string | null;
}>;

/**
 * A report filed through the real push (its filer becomes its assignee, decision 028), then
 * given its job directly: the job mutations' handlers are tested with the push.
 */
async function job(
  description: string,
  fields: Job,
  status?: 'in_progress' | 'completed',
  device = f.staff,
) {
  const id = newId();
  await device.push([
    'report.create',
    { id, area_id: f.areaId, work_type: 'repair', description, ...(status && { status }) },
  ]);
  await f.t.db.write((tx) =>
    tx
      .update(reports)
      .set({ ...fields, reportedAt: '2026-11-10T03:00:00.000Z' })
      .where(eq(reports.id, id)),
  );
  return id;
}

const list = async (query: string) => {
  const res = await f.t.request(`/api/reports?${query}`, { token: f.admin.token });
  expect(res.status).toBe(200);
  return (await res.json()) as Paged<ReportListRow>;
};
const names = async (query: string) =>
  (await list(query)).data.map((r) => r.description).sort((a, b) => a.localeCompare(b));

/** Jobs around NOW (10:00 WIB on the 18th), each named for what it is. */
async function jobsAroundNow() {
  await job('kemarin', { dueDate: '2026-11-17' }); // ended 00:00 WIB today: overdue
  await job('pukul 10.00', { dueDate: '2026-11-18', dueTime: '10:00' }, 'in_progress'); // due now
  await job('pukul 10.01', { dueDate: '2026-11-18', dueTime: '10:01' });
  await job('hari ini', { dueDate: '2026-11-18', priority: 'urgent' }); // until 24:00 WIB
  await job('tanpa tenggat', { priority: 'urgent' });
  await job(
    'selesai telat',
    { dueDate: '2026-11-17', completedAt: NOW.toISOString() },
    'completed',
  );
  // Filed open, then cancelled: a new report is never filed cancelled.
  await job('batal', { dueDate: '2026-11-01', status: 'cancelled' });
  await job('antrean', { assigneeId: null, dueDate: '2026-11-16', priority: 'high' });
  await job('taman', { dueDate: '2026-11-19', priority: 'low' }, undefined, gardener);
}

describe('the admin report list: jobs', () => {
  it("shows each row's assignee, priority, due date and time, completion and overdue at now", async () => {
    await jobsAroundNow();
    const rows = new Map((await list('per_page=50')).data.map((r) => [r.description, r]));
    const own = rows.get('pukul 10.00');
    // Filed as one's own work: its reporter holds it.
    expect(own?.assignee).toEqual({ id: own?.reporter.id, name: own?.reporter.name });
    expect(own).toMatchObject({
      priority: 'normal',
      due_date: '2026-11-18',
      due_time: '10:00',
      completed_at: null,
      origin: 'staff',
      overdue: true,
    });
    expect(rows.get('taman')?.assignee).toEqual({ id: gardenerId, name: gardenerName });
    expect(rows.get('antrean')?.assignee).toBeNull();
    expect(rows.get('selesai telat')).toMatchObject({
      completed_at: NOW.toISOString(),
      overdue: false,
    });
    const overdue = [...rows.values()].filter((r) => r.overdue).map((r) => r.description);
    expect(overdue.sort()).toEqual(['antrean', 'kemarin', 'pukul 10.00']);
  });

  it('filters by assignee, the unassigned queue, priority and overdue, alone and together', async () => {
    await jobsAroundNow();
    expect(await names('overdue=true')).toEqual(['antrean', 'kemarin', 'pukul 10.00']);
    expect(await names('overdue=false')).toHaveLength(9);
    expect(await names('assignee_id=unassigned')).toEqual(['antrean']);
    expect(await names(`assignee_id=${gardenerId}`)).toEqual(['taman']);
    expect(await names('priority=urgent')).toEqual(['hari ini', 'tanpa tenggat']);
    expect(await names('priority=high&overdue=true')).toEqual(['antrean']);
    expect(await names(`assignee_id=${gardenerId}&overdue=true`)).toEqual([]);
    expect((await list('overdue=true&per_page=2')).meta).toEqual({
      page: 1,
      per_page: 2,
      total: 3,
      last_page: 2,
    });
    for (const bad of ['priority=asap', 'overdue=ya']) {
      const res = await f.t.request(`/api/reports?${bad}`, { token: f.admin.token });
      expect(res.status, bad).toBe(422);
    }
  });
});

/** The export's sheet as rows of header -> value. */
async function exportedRows(query: string): Promise<Map<string, Record<string, unknown>>> {
  const res = await f.t.request(`/api/reports/export?${query}`, { token: f.admin.token });
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.getWorksheet('Laporan');
  if (sheet === undefined) throw new Error('no sheet named Laporan');
  // exceljs leaves index 0 of a row's values empty: columns count from 1.
  const header = Array.from(sheet.getRow(1).values as unknown[], String);
  const rows = new Map<string, Record<string, unknown>>();
  for (const row of sheet.getRows(2, sheet.rowCount - 1) ?? []) {
    const cells = Object.fromEntries(
      header.map((name, i) => [name, i === 0 ? undefined : row.getCell(i).value]),
    );
    const description = cells['Deskripsi'];
    if (typeof description === 'string') rows.set(description, cells);
  }
  return rows;
}

describe('the report export: jobs', () => {
  it('has the assignee, priority, due day and time, completion time and whether it kept its due date', async () => {
    await jobsAroundNow();
    await job(
      'selesai tepat',
      { dueDate: '2026-11-18', dueTime: '09:00', completedAt: '2026-11-18T01:30:00.000Z' },
      'completed',
    );
    const rows = await exportedRows('scope=all');
    const pick = (name: string) => {
      const row = rows.get(name) ?? {};
      return {
        assignee: row['Petugas'],
        priority: row['Prioritas'],
        due: row['Tenggat'] instanceof Date ? row['Tenggat'].toISOString() : row['Tenggat'],
        dueTime: row['Jam tenggat'],
        completed:
          row['Diselesaikan'] instanceof Date
            ? row['Diselesaikan'].toISOString()
            : row['Diselesaikan'],
        timeliness: row['Ketepatan waktu'],
      };
    };
    expect(pick('pukul 10.00')).toMatchObject({
      priority: 'Normal',
      due: '2026-11-18T00:00:00.000Z',
      dueTime: '10:00',
      completed: null,
      timeliness: 'Terlambat',
    });
    expect(pick('hari ini')).toMatchObject({
      priority: 'Mendesak',
      dueTime: null,
      timeliness: 'Belum jatuh tempo',
    });
    // Completed at 08:30 WIB, due 09:00 WIB; Excel shows the school's wall clock.
    expect(pick('selesai tepat')).toMatchObject({
      completed: '2026-11-18T08:30:00.000Z',
      timeliness: 'Tepat waktu',
    });
    expect(pick('selesai telat').timeliness).toBe('Selesai terlambat');
    expect(pick('batal').timeliness).toBeNull();
    expect(pick('tanpa tenggat')).toMatchObject({ due: null, timeliness: null });
    expect(pick('antrean')).toMatchObject({ assignee: null, priority: 'Tinggi' });
    expect(pick('taman')).toMatchObject({ assignee: gardenerName, priority: 'Rendah' });
  });

  it('exports only what the list filters show', async () => {
    await jobsAroundNow();
    const overdue = await exportedRows('scope=all&overdue=true');
    expect([...overdue.keys()].sort()).toEqual(['antrean', 'kemarin', 'pukul 10.00']);
    const queue = await exportedRows('scope=all&assignee_id=unassigned&priority=high');
    expect([...queue.keys()]).toEqual(['antrean']);
  });
});
