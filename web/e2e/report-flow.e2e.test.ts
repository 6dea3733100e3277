/**
 * Issue 5's report flow end to end in a real Chromium against the real server: a gardener with
 * the network off files a report with two before photos and one after photo, reloads offline
 * and still has it with three photos; online again it syncs. The admin then finds it in
 * /reports with the filters, opens the detail, enlarges and downloads a photo and exports this
 * week to an .xlsx that holds it. A custodian opens the same report's detail (from the server,
 * as it is not on her device) without any edit button, and offline is told it is not there.
 *
 * Needs `npx turbo run build --filter=@urs/web --filter=@urs/scripts` first.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  CUSTODIAN,
  GARDENER,
  makeJpeg,
  signIn,
  signInAndSync,
  openPage,
  untilNothingUnsynced,
} from './app-kit.js';
import { shareServerAndBrowser } from './harness.js';

const run = shareServerAndBrowser();
/** The gardener's report; the admin and custodian tests open it. */
let filed: { id: string; description: string } | null = null;

const newPage = (viewport: { width: number; height: number }) =>
  openPage(run.browser, run.problems, { viewport, acceptDownloads: true, csp: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

function theReport(): { id: string; description: string } {
  if (filed === null) throw new Error('the gardener test did not file its report');
  return filed;
}

/** The shown photos of the detail's 'Foto sebelum' or 'Foto sesudah' section. */
const photosIn = (page: Page, section: string) =>
  page.getByRole('region', { name: section }).locator('img');

/** The export's columns this test reads (api/src/services/report-export.ts, jobs' included). */
const COLUMN = {
  number: 2,
  reported: 3,
  received: 4,
  description: 10,
  role: 12,
  before: 20,
  after: 21,
  id: 23,
};

describe('a report from an offline gardener to the admin’s export', () => {
  it('files a report with two before and one after photo offline, keeps it over an offline reload, then syncs it', async () => {
    const { context, page } = await newPage(PHONE);
    await signInAndSync(page, run.server.url, GARDENER);
    const description = `Pagar tanaman roboh e2e ${Date.now()}`;
    const [before1, before2, after1] = await Promise.all([
      makeJpeg(page, '#2f7d32'),
      makeJpeg(page, '#8d6e63'),
      makeJpeg(page, '#1565c0'),
    ]);

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Buat laporan' }).click();
    await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
    await page.getByLabel('Area', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Jenis pekerjaan').selectOption('maintenance');
    await page.getByLabel('Deskripsi').fill(description);
    await page.getByTestId('photo-gallery-before').setInputFiles([
      { name: 'sebelum-1.jpg', mimeType: 'image/jpeg', buffer: before1 },
      { name: 'sebelum-2.jpg', mimeType: 'image/jpeg', buffer: before2 },
    ]);
    const beforeGroup = page.getByRole('group', { name: 'Foto sebelum' });
    await expect.poll(() => beforeGroup.locator('img').count(), { timeout: 20_000 }).toBe(2);
    await page
      .getByTestId('photo-gallery-after')
      .setInputFiles({ name: 'sesudah.jpg', mimeType: 'image/jpeg', buffer: after1 });
    await page.getByRole('group', { name: 'Foto sesudah' }).locator('img').first().waitFor();

    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page.waitForURL((url) => /^\/reports\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/')[2] ?? '';
    await page.getByText(description).waitFor();
    await page.getByTestId('unsynced').waitFor();

    // My reports, then a reload with no network: still there, with its three photos.
    await page.goto(`${run.server.url}/user/reports`);
    const card = page.locator(`[data-report-id="${id}"]`);
    await card.getByText('3 foto').waitFor();
    await page.reload();
    await card.getByText(description).waitFor();
    await card.getByText('3 foto').waitFor();
    await card.getByText('Belum terkirim').waitFor();
    // Not numbered until the server has it: the words a request not yet numbered shows.
    expect(await card.getByTestId('report-number').textContent()).toBe('Bernomor setelah terkirim');
    await card.getByRole('link', { name: 'Detail' }).click();
    await expect.poll(() => photosIn(page, 'Foto sebelum').count()).toBe(2);
    await expect.poll(() => photosIn(page, 'Foto sesudah').count()).toBe(1);

    // Online: sync now, and wait until the outbox is empty and the marker is gone.
    await context.setOffline(false);
    await page.getByTestId('sync-indicator').click();
    await page.getByRole('button', { name: 'Sinkronkan sekarang' }).click();
    await page
      .getByRole('region', { name: 'Status sinkronisasi' })
      .getByText('Semua perubahan sudah terkirim.')
      .waitFor({ timeout: 30_000 });
    await untilNothingUnsynced(page);
    // The pull brings the number the server gave it.
    await page.goto(`${run.server.url}/user/reports`);
    await expect
      .poll(() => card.getByTestId('report-number').textContent(), { timeout: 20_000 })
      .toMatch(/^LAP-\d{4}-\d{6}$/);
    filed = { id, description };
    await context.close();
  }, 120_000);

  it('lets the admin find it with the filters, enlarge and download a photo, and export it this week', async () => {
    const { id, description } = theReport();
    const { context, page } = await newPage(DESKTOP);
    await signIn(page, run.server.url, ADMIN);
    await page.goto(`${run.server.url}/reports`);
    await page
      .locator('[data-testid="report-list-table"] tbody tr[data-report-id]')
      .first()
      .waitFor();
    await page.getByLabel('Peran pelapor').selectOption('gardener');
    await page.getByLabel('Cari', { exact: true }).fill(description);
    await page.getByRole('button', { name: 'Terapkan' }).click();
    const rows = page.locator('[data-testid="report-list-table"] tbody tr[data-report-id]');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await rows.first().getAttribute('data-report-id')).toBe(id);
    expect(await rows.first().getAttribute('data-role')).toBe('gardener');
    const listUrl = page.url();

    await rows.first().getByRole('link', { name: 'Detail' }).click();
    await page.waitForURL((url) => url.pathname === `/reports/${id}`);
    await page.getByText(description).waitFor();
    await page.getByText('Slamet Riyadi').first().waitFor();
    const before = page.getByRole('region', { name: 'Foto sebelum' });
    await expect.poll(() => before.locator('img').count(), { timeout: 20_000 }).toBe(2);
    await page.getByRole('region', { name: 'Foto sesudah' }).locator('img').waitFor();

    // Enlarge the second before photo, then download it from the lightbox.
    await before
      .getByRole('button', { name: /Perbesar/ })
      .nth(1)
      .click();
    const lightbox = page.getByRole('dialog', { name: /Foto sebelum: Foto 2 dari 2/ });
    await lightbox.locator('img').waitFor();
    const [photo] = await Promise.all([
      page.waitForEvent('download'),
      lightbox.getByRole('link', { name: 'Unduh' }).click(),
    ]);
    expect(photo.suggestedFilename()).toMatch(/^foto-[0-9a-f-]{36}\.jpg$/);
    const bytes = fs.readFileSync(await photo.path());
    expect(bytes.byteLength).toBeGreaterThan(100);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });

    // Export this week, with the same filters, and read the file back.
    await page.goto(listUrl);
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    await page.getByLabel('Cakupan ekspor').selectOption('this_week');
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Ekspor Excel' }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^laporan-this_week-\d{8}-\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await exported.path());
    const sheet = workbook.getWorksheet('Laporan');
    const row = sheet
      ?.getRows(2, sheet.rowCount - 1)
      ?.find((r) => r.getCell(COLUMN.id).value === id);
    expect(row).toBeDefined();
    expect(row?.getCell(COLUMN.description).value).toBe(description);
    expect(row?.getCell(COLUMN.number).value).toMatch(/^LAP-\d{4}-\d{6}$/);
    expect(row?.getCell(COLUMN.role).value).toBe('Gardener');
    expect(row?.getCell(COLUMN.before).value).toBe(2);
    expect(row?.getCell(COLUMN.after).value).toBe(1);
    expect(row?.getCell(COLUMN.reported).type).toBe(ExcelJS.ValueType.Date);
    expect(row?.getCell(COLUMN.received).type).toBe(ExcelJS.ValueType.Date);
    await context.close();
  }, 120_000);

  it('lets another staff member open its detail from the server, read-only, and offline says it is not on the device', async () => {
    const { id, description } = theReport();
    const { context, page } = await newPage(PHONE);
    await signInAndSync(page, run.server.url, CUSTODIAN);
    await page.goto(`${run.server.url}/reports/${id}`);
    await page.getByText(description).waitFor();
    await page.getByTestId('report-from-server').waitFor();
    await page.getByText('Slamet Riyadi').waitFor();
    await expect.poll(() => photosIn(page, 'Foto sebelum').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => photosIn(page, 'Foto sesudah').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Ubah status' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Tandai / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Hapus laporan', exact: true }).count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByText('Laporan tidak ditemukan di perangkat ini.').waitFor();
    await context.close();
  }, 120_000);

  it('saw no uncaught errors and no CSP violations along the way', () => {
    expect(run.problems).toEqual([]);
  });
});
