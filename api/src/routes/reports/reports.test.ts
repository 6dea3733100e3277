import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, type Paged, type ReportListRow } from '@urs/sync-protocol';
import { reports } from '../../db/schema.js';
import { syncFixture, TestDevice, type SyncFixture } from '../../sync/test-kit.js';

let f: SyncFixture;
let gardener: TestDevice;
beforeEach(async () => {
  f = await syncFixture('custodian', 'Kantin');
  gardener = new TestDevice(f.t, (await f.t.signIn('gardener')).token);
});
afterEach(() => f.t.close());

/** Files a report through the real push, then moves its creation time for date tests. */
async function file(device: TestDevice, description: string, createdAt: string, status?: string) {
  const id = newId();
  await device.push([
    'report.create',
    { id, area_id: f.areaId, work_type: 'cleaning', description, ...(status && { status }) },
  ]);
  f.t.db.update(reports).set({ createdAt, updatedAt: createdAt }).where(eq(reports.id, id)).run();
  return id;
}

const list = async (query: string) => {
  const res = await f.t.request(`/api/reports?${query}`, { token: f.admin.token });
  expect(res.status).toBe(200);
  return (await res.json()) as Paged<ReportListRow>;
};

describe('GET /api/reports (admin list)', () => {
  it('pages and sorts by created date, newest first by default, with names and photo counts', async () => {
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
});

describe('GET /api/reports/export', () => {
  it('streams a real .xlsx with a header row, typed local-time dates, names, roles and photo counts', async () => {
    await file(f.staff, 'Wastafel bocor', '2026-11-10T03:15:00.000Z');
    await file(gardener, 'Pohon tumbang', '2026-11-11T04:00:00.000Z', 'completed');
    const res = await f.t.request('/api/reports/export?scope=all&role=', { token: f.admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="laporan-all-\d{8}-\d{4}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('Laporan');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'No',
      'Dibuat',
      'Diperbarui',
      'Area',
      'Kategori',
      'Jenis pekerjaan',
      'Status',
      'Deskripsi',
      'Pelapor',
      'Peran',
      'Catatan admin',
      'Foto sebelum',
      'Foto sesudah',
      'Tautan',
      'ID laporan',
    ]);
    expect(sheet?.rowCount).toBe(3);
    const first = sheet?.getRow(2);
    expect(first?.getCell(2).type).toBe(ExcelJS.ValueType.Date);
    // 03:15 UTC is 10:15 in the school (WIB), which is what Excel must show.
    expect((first?.getCell(2).value as Date).toISOString()).toBe('2026-11-10T10:15:00.000Z');
    expect(first?.getCell(8).value).toBe('Wastafel bocor');
    expect(first?.getCell(10).value).toBe('Custodian');
    expect(sheet?.getRow(3).getCell(7).value).toBe('Selesai');
    expect(sheet?.getRow(3).getCell(13).type).toBe(ExcelJS.ValueType.Number);
  });

  it('applies the scope and the active filters, and refuses an unknown scope', async () => {
    const now = new Date();
    await file(f.staff, 'Hari ini', now.toISOString());
    await file(f.staff, 'Tahun lalu', '2025-01-15T03:00:00.000Z');
    await file(gardener, 'Juga hari ini', now.toISOString());
    const res = await f.t.request('/api/reports/export?scope=today&role=custodian', {
      token: f.admin.token,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const rows = workbook.getWorksheet('Laporan')?.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => r[8])).toEqual(['Hari ini']);
    expect(
      (await f.t.request('/api/reports/export?scope=decade', { token: f.admin.token })).status,
    ).toBe(422);
  });
});
