import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  newId,
  reportDetailResponseSchema,
  type Paged,
  type ReportListRow,
} from '@urs/sync-protocol';
import { reports } from '../../db/schema.js';
import { jpegBytes, syncFixture, TestDevice, type SyncFixture } from '../../sync/test-kit.js';

/** The app's "now": Wednesday 18 November 2026, 10:00 in the school (WIB, UTC+7). */
const NOW = new Date('2026-11-18T03:00:00.000Z');

let f: SyncFixture;
let gardener: TestDevice;
beforeEach(async () => {
  f = await syncFixture('custodian', 'Kantin', { now: () => NOW });
  gardener = new TestDevice(f.t, (await f.t.signIn('gardener')).token);
});
afterEach(() => f.t.close());

/**
 * Files a report through the real push, then moves its filing time (the device's) for date
 * tests; the server's receipt time stays today's, or `receivedAt` when given.
 */
async function file(
  device: TestDevice,
  description: string,
  reportedAt: string,
  status?: string,
  receivedAt?: string,
) {
  const id = newId();
  await device.push([
    'report.create',
    { id, area_id: f.areaId, work_type: 'cleaning', description, ...(status && { status }) },
  ]);
  await f.t.db.write((tx) =>
    tx
      .update(reports)
      .set({ reportedAt, ...(receivedAt !== undefined && { createdAt: receivedAt }) })
      .where(eq(reports.id, id)),
  );
  return id;
}

/**
 * 'Talang bocor', filed offline on Friday the 13th at 15:00 WIB (last week, as NOW sees it);
 * the phone found signal on Monday the 16th at 07:00 WIB.
 */
const fileInDeadZone = () =>
  file(f.staff, 'Talang bocor', '2026-11-13T08:00:00.000Z', undefined, '2026-11-16T00:00:00.000Z');

const list = async (query: string) => {
  const res = await f.t.request(`/api/reports?${query}`, { token: f.admin.token });
  expect(res.status).toBe(200);
  return (await res.json()) as Paged<ReportListRow>;
};

describe('GET /api/reports (admin list)', () => {
  it('pages and sorts by filing date, newest first by default, with names and photo counts', async () => {
    for (let d = 1; d <= 5; d++) await file(f.staff, `Laporan ${d}`, `2026-11-0${d}T03:00:00.000Z`);
    const page = await list('per_page=2&page=2');
    expect(page.meta).toEqual({ page: 2, per_page: 2, total: 5, last_page: 3 });
    expect(page.data.map((r) => r.description)).toEqual(['Laporan 3', 'Laporan 2']);
    expect(page.data[0]).toMatchObject({
      area: { name: 'Kantin' },
      reporter: { role: 'custodian' },
      photo_counts: { before: 0, after: 0 },
    });
    const oldest = await list('order=asc&per_page=1');
    expect(oldest.data[0]?.description).toBe('Laporan 1');
  });

  it('filters by role, status, area, reporter, quick text and school-local dates', async () => {
    await file(f.staff, 'Toilet mampet', '2026-11-10T16:30:00.000Z'); // 23:30 WIB on the 10th
    await file(f.staff, 'Lampu kelas mati', '2026-11-10T17:30:00.000Z', 'in_progress'); // 00:30 WIB on the 11th
    await file(gardener, 'Rumput taman tinggi', '2026-11-12T02:00:00.000Z');
    expect((await list('role=gardener')).data.map((r) => r.description)).toEqual([
      'Rumput taman tinggi',
    ]);
    expect((await list('status=in_progress')).data.map((r) => r.description)).toEqual([
      'Lampu kelas mati',
    ]);
    expect((await list('q=LAMPU')).data.map((r) => r.description)).toEqual(['Lampu kelas mati']);
    // The number too, whole or its end, as staff read it out.
    const lamp = (await list('q=LAMPU')).data[0]?.number ?? '';
    expect(lamp).toMatch(/^LAP-\d{4}-000002$/);
    expect((await list(`q=${lamp}`)).data.map((r) => r.description)).toEqual(['Lampu kelas mati']);
    expect((await list('q=lap-')).meta.total).toBe(3);
    expect((await list('q=000003')).data.map((r) => r.description)).toEqual([
      'Rumput taman tinggi',
    ]);
    expect((await list('q=kantin')).meta.total).toBe(3);
    expect(
      (await list('date_from=2026-11-10&date_to=2026-11-10')).data.map((r) => r.description),
    ).toEqual(['Toilet mampet']);
    expect((await list('date_from=2026-11-11')).meta.total).toBe(2);
    expect((await list(`area_id=${f.areaId}&role=custodian&status=`)).meta.total).toBe(2);
    const bad = await f.t.request('/api/reports?date_from=2026-11-12&date_to=2026-11-01', {
      token: f.admin.token,
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors['date_to']).toEqual([
      'Tanggal akhir tidak boleh sebelum tanggal awal.',
    ]);
    expect((await f.t.request('/api/reports?status=done', { token: f.admin.token })).status).toBe(
      422,
    );
  });

  it('dates, filters and orders a late-synced report by when it was filed, not when it arrived', async () => {
    await fileInDeadZone();
    await file(
      f.staff,
      'Pintu macet',
      '2026-11-14T02:00:00.000Z',
      undefined,
      '2026-11-14T02:00:00.000Z',
    );
    const friday = await list('date_from=2026-11-13&date_to=2026-11-13');
    expect(friday.data.map((r) => r.description)).toEqual(['Talang bocor']);
    expect(friday.data[0]).toMatchObject({
      reported_at: '2026-11-13T08:00:00.000Z',
      created_at: '2026-11-16T00:00:00.000Z',
    });
    expect((await list('date_from=2026-11-16')).meta.total).toBe(0);
    expect((await list('')).data.map((r) => r.description)).toEqual([
      'Pintu macet',
      'Talang bocor',
    ]);
    expect((await list('sort=created_at')).data.map((r) => r.description)).toEqual([
      'Talang bocor',
      'Pintu macet',
    ]);
    expect(
      (await f.t.request('/api/reports?sort=updated_at', { token: f.admin.token })).status,
    ).toBe(422);
  });

  it('lists users by role with their report counts for the role explorer', async () => {
    await file(f.staff, 'A', '2026-11-01T01:00:00.000Z');
    await file(f.staff, 'B', '2026-11-01T02:00:00.000Z');
    await file(gardener, 'C', '2026-11-01T03:00:00.000Z');
    const res = await f.t.request('/api/reports/by-role?role=custodian', { token: f.admin.token });
    const body = (await res.json()) as { data: { role: string; report_count: number }[] };
    expect(body.data).toEqual([expect.objectContaining({ role: 'custodian', report_count: 2 })]);
    const all = (await (
      await f.t.request('/api/reports/by-role', { token: f.admin.token })
    ).json()) as typeof body;
    expect(all.data.map((u) => u.role)).toEqual(['admin', 'custodian', 'gardener']);
  });

  it("pages one user's reports for the role explorer's user detail, and nobody else's", async () => {
    for (let d = 1; d <= 7; d++) await file(f.staff, `Staf ${d}`, `2026-11-0${d}T03:00:00.000Z`);
    await file(gardener, 'Taman', '2026-11-08T03:00:00.000Z');
    const staffId = (await list('role=custodian&per_page=1')).data[0]?.reporter.id ?? '';
    const counted = (await (
      await f.t.request('/api/reports/by-role?role=custodian', { token: f.admin.token })
    ).json()) as { data: { id: string; report_count: number }[] };
    const count = counted.data.find((u) => u.id === staffId)?.report_count;

    const first = await list(`reporter_id=${staffId}&per_page=5&page=1`);
    expect(first.meta).toEqual({ page: 1, per_page: 5, total: count, last_page: 2 });
    expect(first.data.map((r) => r.description)).toEqual([
      'Staf 7',
      'Staf 6',
      'Staf 5',
      'Staf 4',
      'Staf 3',
    ]);
    const second = await list(`reporter_id=${staffId}&per_page=5&page=2`);
    expect(second.data.map((r) => r.description)).toEqual(['Staf 2', 'Staf 1']);
    expect([...first.data, ...second.data].every((r) => r.reporter.id === staffId)).toBe(true);
  });
});

describe('GET /api/reports/:id (detail, any signed-in user)', () => {
  /** The custodian's report with a category and a before and an after photo. */
  async function custodianReport() {
    const res = await f.t.request('/api/categories', {
      method: 'POST',
      token: f.admin.token,
      json: { name: 'Kebersihan' },
    });
    const categoryId = ((await res.json()) as { data: { id: string } }).data.id;
    const id = newId();
    await f.staff.push([
      'report.create',
      { id, area_id: f.areaId, category_id: categoryId, work_type: 'repair', description: 'Keran' },
    ]);
    const before = await f.staff.attachPhoto(id, 'before', jpegBytes(1500, 1));
    const after = await f.staff.attachPhoto(id, 'after', jpegBytes(1200, 2));
    return { id, categoryId, before: before.id, after: after.id };
  }

  it('lets another custodian open the detail and its photos, but never edit it or see it in lists or pull', async () => {
    const filed = await custodianReport();
    const other = new TestDevice(f.t, (await f.t.signIn('custodian')).token);
    const res = await f.t.request(`/api/reports/${filed.id}`, { token: other.token });
    expect(res.status).toBe(200);
    const { data } = reportDetailResponseSchema.parse(await res.json());
    expect(data).toMatchObject({
      id: filed.id,
      description: 'Keran',
      work_type: 'repair',
      status: 'pending',
      admin_note: null,
      area: { id: f.areaId, name: 'Kantin' },
      category: { id: filed.categoryId, name: 'Kebersihan' },
      reporter: { role: 'custodian' },
    });
    expect(data.reporter.id).toBe(data.reporter_id);
    expect(data.photos).toEqual([
      {
        id: filed.after,
        kind: 'after',
        position: 0,
        mime_type: 'image/jpeg',
        size_bytes: 1200,
        captured_at: null,
      },
      {
        id: filed.before,
        kind: 'before',
        position: 0,
        mime_type: 'image/jpeg',
        size_bytes: 1500,
        captured_at: null,
      },
    ]);
    const photo = await f.t.request(`/api/photos/${filed.before}`, { token: other.token });
    expect(photo.status).toBe(200);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(jpegBytes(1500, 1));

    const refused = await other.push(
      ['report.update', { id: filed.id, description: 'Bukan milik saya' }],
      ['report.set_status', { id: filed.id, status: 'in_progress' }],
      ['photo.remove', { id: filed.before }],
    );
    expect(refused.results.map((r) => (r.status === 'rejected' ? r.code : r.status))).toEqual([
      'forbidden',
      'forbidden',
      'forbidden',
    ]);
    const again = reportDetailResponseSchema.parse(
      await (await f.t.request(`/api/reports/${filed.id}`, { token: other.token })).json(),
    );
    expect(again.data).toMatchObject({ description: 'Keran', status: 'pending' });
    expect(again.data.photos).toHaveLength(2);

    const pulled = await other.pullAll();
    expect(pulled.filter((c) => c.entity === 'reports' || c.entity === 'report_photos')).toEqual(
      [],
    );
    expect((await f.t.request('/api/reports', { token: other.token })).status).toBe(403);
    expect(
      (await f.t.request(`/api/reports?reporter_id=${data.reporter_id}`, { token: other.token }))
        .status,
    ).toBe(403);
  });

  it('shows the timeline, comments and all, to those the job concerns and to no one else', async () => {
    const filed = await custodianReport();
    const { token: techToken, user: tech } = await f.t.signIn('technician');
    const comment = newId();
    const planned = await f.admin.push(
      ['report.set_job', { id: filed.id, event_id: newId(), assignee_id: tech.id }],
      ['comment.create', { id: comment, report_id: filed.id, body: 'Tolong cek pipanya' }],
    );
    expect(planned.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const detail = async (token: string) =>
      reportDetailResponseSchema.parse(
        await (await f.t.request(`/api/reports/${filed.id}`, { token })).json(),
      ).data;
    for (const token of [f.admin.token, f.staff.token, techToken]) {
      const data = await detail(token);
      expect(data.assignee_id).toBe(tech.id);
      expect(data.events?.map((e) => [e.kind, e.body])).toEqual([
        ['job', null],
        ['comment', 'Tolong cek pipanya'],
      ]);
      expect(data.events?.[1]?.id).toBe(comment);
    }
    const outsider = await detail(gardener.token);
    expect(outsider.description).toBe('Keran');
    expect(outsider.events).toBeUndefined();
  });

  it('answers every role, the reporter and the admin alike', async () => {
    const filed = await custodianReport();
    for (const role of ['technician', 'gardener', 'inventory_staff'] as const) {
      const { token } = await f.t.signIn(role);
      expect((await f.t.request(`/api/reports/${filed.id}`, { token })).status, role).toBe(200);
    }
    for (const token of [f.staff.token, f.admin.token]) {
      expect((await f.t.request(`/api/reports/${filed.id}`, { token })).status).toBe(200);
    }
  });

  it('answers 404 in Indonesian for an unknown or deleted report, and 401 without a session', async () => {
    const filed = await custodianReport();
    const unknown = await f.t.request(`/api/reports/${newId()}`, { token: f.staff.token });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      message: 'Laporan tidak ditemukan atau sudah dihapus.',
      code: 'report_not_found',
    });
    await f.admin.push(['report.delete', { id: filed.id }]);
    for (const token of [f.staff.token, f.admin.token]) {
      const gone = await f.t.request(`/api/reports/${filed.id}`, { token });
      expect(gone.status).toBe(404);
      expect(((await gone.json()) as { message: string }).message).toBe(
        'Laporan tidak ditemukan atau sudah dihapus.',
      );
    }
    expect((await f.t.request(`/api/reports/${filed.id}`)).status).toBe(401);
    expect(
      (await f.t.request(`/api/reports/${filed.id}`, { token: 'urs_not-a-real-token' })).status,
    ).toBe(401);
  });

  it('leaves the fixed paths to their own routes', async () => {
    const explorer = await f.t.request('/api/reports/by-role', { token: f.staff.token });
    expect(explorer.status).toBe(403);
    const exported = await f.t.request('/api/reports/export', { token: f.admin.token });
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
  });
});

/** Downloads an export as the admin and opens its one sheet with exceljs. */
async function exportSheet(query: string, headers?: Record<string, string>) {
  const res = await f.t.request(`/api/reports/export?${query}`, {
    token: f.admin.token,
    headers,
  });
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.getWorksheet('Laporan');
  if (sheet === undefined) throw new Error('no sheet named Laporan');
  return { res, sheet };
}

/** The data rows of an export sheet (row 1 is the header). */
function dataRows(sheet: ExcelJS.Worksheet): ExcelJS.Row[] {
  return sheet.getRows(2, sheet.rowCount - 1) ?? [];
}

const NUMBER_COLUMN = 2;
const LINK_COLUMN = 22;
const ID_COLUMN = 23;
const BEFORE_PHOTOS_COLUMN = 20;
const REPORTED_COLUMN = 3;
const RECEIVED_COLUMN = 4;
const DESCRIPTION_COLUMN = 10;

describe('GET /api/reports/export', () => {
  it('streams a real .xlsx with a header row, typed local-time dates, names, roles and photo counts', async () => {
    await file(f.staff, 'Wastafel bocor', '2026-11-10T03:15:00.000Z');
    await file(gardener, 'Pohon tumbang', '2026-11-11T04:00:00.000Z', 'completed');
    const { res, sheet } = await exportSheet('scope=all&role=');
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toBe(
      // The file is named for the school's wall clock: 10:00 WIB.
      'attachment; filename="laporan-all-20261118-1000.xlsx"',
    );
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'No',
      'Nomor laporan',
      'Dilaporkan',
      'Diterima server',
      'Diperbarui',
      'Area',
      'Kategori',
      'Jenis pekerjaan',
      'Status',
      'Deskripsi',
      'Pelapor',
      'Peran',
      'Petugas',
      'Prioritas',
      'Tenggat',
      'Jam tenggat',
      'Diselesaikan',
      'Ketepatan waktu',
      'Catatan admin',
      'Foto sebelum',
      'Foto sesudah',
      'Tautan',
      'ID laporan',
    ]);
    expect(sheet.rowCount).toBe(3);
    const first = sheet.getRow(2);
    // Numbered in the order they arrived, in the school's year of arrival.
    expect(first.getCell(NUMBER_COLUMN).value).toMatch(/^LAP-\d{4}-000001$/);
    expect(sheet.getRow(3).getCell(NUMBER_COLUMN).value).toMatch(/^LAP-\d{4}-000002$/);
    expect(first.getCell(REPORTED_COLUMN).type).toBe(ExcelJS.ValueType.Date);
    // 03:15 UTC is 10:15 in the school (WIB), which is what Excel must show.
    expect((first.getCell(REPORTED_COLUMN).value as Date).toISOString()).toBe(
      '2026-11-10T10:15:00.000Z',
    );
    expect(first.getCell(RECEIVED_COLUMN).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(DESCRIPTION_COLUMN).value).toBe('Wastafel bocor');
    expect(first.getCell(12).value).toBe('Custodian');
    expect(sheet.getRow(3).getCell(9).value).toBe('Selesai');
    expect(sheet.getRow(3).getCell(BEFORE_PHOTOS_COLUMN).type).toBe(ExcelJS.ValueType.Number);
  });

  it('links each report at the address the browser used, also through an HTTPS proxy', async () => {
    const id = await file(f.staff, 'Wastafel bocor', NOW.toISOString());
    const link = async (headers?: Record<string, string>) =>
      dataRows((await exportSheet('scope=all', headers)).sheet)[0]?.getCell(LINK_COLUMN).value;
    expect(await link()).toEqual({
      text: 'Buka laporan',
      hyperlink: `http://localhost/reports/${id}`,
    });
    // The test app trusts its proxy (TRUST_PROXY): the proxy's word on scheme and host wins.
    expect(
      await link({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'urs.sekolah.sch.id' }),
    ).toEqual({ text: 'Buka laporan', hyperlink: `https://urs.sekolah.sch.id/reports/${id}` });
  });

  it('puts a late-synced report in the week it was filed, with both its filing and receipt times', async () => {
    await fileInDeadZone();
    await file(f.staff, 'Hari ini', NOW.toISOString(), undefined, NOW.toISOString());
    const week = await exportSheet('scope=this_week');
    expect(dataRows(week.sheet).map((r) => r.getCell(DESCRIPTION_COLUMN).value)).toEqual([
      'Hari ini',
    ]);
    const all = dataRows((await exportSheet('scope=all')).sheet);
    const late = all.find((r) => r.getCell(DESCRIPTION_COLUMN).value === 'Talang bocor');
    // The school's wall clock, as Excel shows it: filed Friday 15:00, received Monday 07:00.
    expect((late?.getCell(REPORTED_COLUMN).value as Date).toISOString()).toBe(
      '2026-11-13T15:00:00.000Z',
    );
    expect((late?.getCell(RECEIVED_COLUMN).value as Date).toISOString()).toBe(
      '2026-11-16T07:00:00.000Z',
    );
  });

  it('applies the scope and the active filters, and refuses an unknown scope', async () => {
    await file(f.staff, 'Hari ini', NOW.toISOString());
    await file(f.staff, 'Tahun lalu', '2025-01-15T03:00:00.000Z');
    await file(gardener, 'Juga hari ini', NOW.toISOString());
    const { sheet } = await exportSheet('scope=today&role=custodian');
    expect(dataRows(sheet).map((r) => r.getCell(DESCRIPTION_COLUMN).value)).toEqual(['Hari ini']);
    expect(
      (await f.t.request('/api/reports/export?scope=decade', { token: f.admin.token })).status,
    ).toBe(422);
  });

  /*
   * Each window's edges in the school's time (WIB): a report at the first instant inside and
   * one a second before, one a second before the end and one at the end (which is outside).
   * NOW is Wednesday 18 November 2026: the week runs Monday 16 to Sunday 22.
   */
  const PLACED: [string, string][] = [
    ['bulan-lalu', '2026-10-31T16:59:59.000Z'], // Sat 31 Oct 23:59:59 WIB
    ['awal-bulan', '2026-10-31T17:00:00.000Z'], // Sun 1 Nov 00:00 WIB
    ['minggu-lalu', '2026-11-15T16:59:59.000Z'], // Sun 15 Nov 23:59:59 WIB
    ['awal-minggu', '2026-11-15T17:00:00.000Z'], // Mon 16 Nov 00:00 WIB
    ['kemarin', '2026-11-17T16:59:59.000Z'], // Tue 17 Nov 23:59:59 WIB
    ['awal-hari', '2026-11-17T17:00:00.000Z'], // Wed 18 Nov 00:00 WIB
    ['akhir-hari', '2026-11-18T16:59:59.000Z'], // Wed 18 Nov 23:59:59 WIB
    ['besok', '2026-11-18T17:00:00.000Z'], // Thu 19 Nov 00:00 WIB
    ['akhir-minggu', '2026-11-22T16:59:59.000Z'], // Sun 22 Nov 23:59:59 WIB
    ['minggu-depan', '2026-11-22T17:00:00.000Z'], // Mon 23 Nov 00:00 WIB
    ['akhir-bulan', '2026-11-30T16:59:59.000Z'], // Mon 30 Nov 23:59:59 WIB
    ['bulan-depan', '2026-11-30T17:00:00.000Z'], // Tue 1 Dec 00:00 WIB
  ];
  const EXPECTED: Record<string, string[]> = {
    all: PLACED.map(([name]) => name),
    today: ['awal-hari', 'akhir-hari'],
    this_week: ['awal-minggu', 'kemarin', 'awal-hari', 'akhir-hari', 'besok', 'akhir-minggu'],
    this_month: PLACED.map(([name]) => name).slice(1, -1),
  };

  it.each(Object.entries(EXPECTED))(
    'scope %s holds exactly the reports inside its window, oldest first, with real date cells',
    async (scope, names) => {
      const ids = new Map<string, string>();
      for (const [name, at] of PLACED) ids.set(name, await file(f.staff, name, at));
      const { res, sheet } = await exportSheet(`scope=${scope}`);
      expect(res.headers.get('content-disposition')).toContain(`laporan-${scope}-20261118-1000`);
      const rows = dataRows(sheet);
      expect(rows.map((r) => r.getCell(DESCRIPTION_COLUMN).value)).toEqual(names);
      expect(rows.map((r) => r.getCell(ID_COLUMN).value)).toEqual(names.map((n) => ids.get(n)));
      const placedAt = new Map(PLACED);
      rows.forEach((row, i) => {
        const cell = row.getCell(REPORTED_COLUMN);
        expect(cell.type).toBe(ExcelJS.ValueType.Date);
        // Excel has no time zones: the cell holds the school's wall clock, UTC + 7 hours.
        const utc = Date.parse(placedAt.get(names[i] ?? '') ?? '');
        expect((cell.value as Date).getTime()).toBe(utc + 7 * 3_600_000);
      });
    },
  );
});
