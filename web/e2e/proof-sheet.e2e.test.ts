/**
 * Issue 15 end to end in a real Chromium against the real server: a gardener, with the network
 * off, files a report with two before photos (one with a known EXIF capture time taken after the
 * after photo, one without EXIF) and one after photo. The form warns about the order but saves;
 * the detail shows each capture time or "waktu pengambilan tidak diketahui"; "Cetak / Unduh PDF"
 * makes the A4 sheet with no network, and pdf.js reads it back: its texts and its three images.
 * Online again the report syncs and the server's detail answer carries the same capture times.
 *
 * Needs `npx turbo run build --filter=@urs/web --filter=@urs/scripts` first.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { reportDetailResponseSchema } from '@urs/sync-protocol';
import { jpegWithCaptureTime } from '../src/test/exif-fixture.js';
import {
  ADMIN,
  apiGet,
  GARDENER,
  HIDE_TOASTS,
  apiToken,
  downloadPdf,
  logInAt,
  makeImage,
  makeJpeg,
  scriptRequests,
  signInAndSync,
  syncNow,
  watchForProblems,
  untilNothingUnsynced,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';
import { readPdf } from '../src/test/pdf-reader.js';

const run = shareServerAndBrowser();
/** The gardener's report; the admin test prints it in a period PDF. */
let filed: { id: string; description: string } | null = null;

const captions = (page: Page, section: string) =>
  page.getByRole('region', { name: section }).getByTestId('photo-captured').allTextContents();

describe('proof of work: capture times and the printable sheet', () => {
  it('files offline with capture times, warns on the order, and prints the sheet offline', async () => {
    const context = await run.browser.newContext({
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await watchForProblems(page, run.problems);
    const scripts = scriptRequests(page);
    await signInAndSync(page, run.server.url, GARDENER);
    // The photo without EXIF is a PNG: the sheet redraws it as JPEG.
    const [green, brown, blue] = await Promise.all([
      makeJpeg(page, '#2f7d32'),
      makeImage(page, '#8d6e63', 'image/png'),
      makeJpeg(page, '#1565c0'),
    ]);
    // The first before photo is dated after the after photo: the form must warn, not refuse.
    const before1 = jpegWithCaptureTime(green, '2026:11:20 07:30:00', '+07:00');
    const after1 = jpegWithCaptureTime(blue, '2026:11:20 07:05:00', '+07:00');
    const description = `Talang bocor di aula e2e ${Date.now()}`;

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Buat laporan' }).click();
    await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
    await page.getByLabel('Area', { exact: true }).selectOption({ index: 1 });
    const area =
      (await page.getByLabel('Area', { exact: true }).locator('option:checked').textContent()) ??
      '';
    await page.getByLabel('Jenis pekerjaan').selectOption('repair');
    await page.getByLabel('Deskripsi').fill(description);
    await page.getByTestId('photo-gallery-before').setInputFiles([
      { name: 'sebelum-1.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(before1) },
      { name: 'sebelum-2.png', mimeType: 'image/png', buffer: brown },
    ]);
    const beforeGroup = page.getByRole('group', { name: 'Foto sebelum' });
    await expect.poll(() => beforeGroup.locator('img').count(), { timeout: 20_000 }).toBe(2);
    await expect(page.getByTestId('capture-order-warning').count()).resolves.toBe(0);
    await page
      .getByTestId('photo-gallery-after')
      .setInputFiles({ name: 'sesudah.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(after1) });
    await page.getByRole('group', { name: 'Foto sesudah' }).locator('img').first().waitFor();
    const warning = page.getByTestId('capture-order-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('1 foto sebelum diambil setelah foto sesudah');
    await page.addStyleTag({ content: HIDE_TOASTS });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/proof-form-warning-390.png`, fullPage: true });

    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page.waitForURL((url) => /^\/reports\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/')[2] ?? '';
    await page.getByText(description).waitFor();

    // The detail: each photo's capture time under it, as the camera's clock read.
    await expect.poll(() => captions(page, 'Foto sebelum')).toHaveLength(2);
    const beforeCaptions = await captions(page, 'Foto sebelum');
    expect(beforeCaptions[0]).toMatch(
      /^Diambil 20 Nov 2026.*07[.:]30 \(UTC\+07:00\) Diambil setelah foto sesudah$/,
    );
    expect(await page.getByTestId('photo-out-of-order').count()).toBe(1);
    expect(beforeCaptions[1]).toBe('waktu pengambilan tidak diketahui');
    expect((await captions(page, 'Foto sesudah'))[0]).toMatch(/^Diambil 20 Nov 2026.*07[.:]05/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/proof-detail-390.png`, fullPage: true });

    // Still offline: the sheet is made on the device, and only now is the PDF library loaded.
    const jspdf = (list: string[]) => list.filter((file) => /\/jspdf[^/]*\.js$/.test(file));
    expect(jspdf(scripts)).toEqual([]);
    expect(scripts.some((file) => /\/exif-reader[^/]*\.js$/.test(file))).toBe(true);
    const pdf = await downloadPdf(page, 'Cetak / Unduh PDF');
    expect(jspdf(scripts)).toHaveLength(1);
    fs.writeFileSync(`${SCREENSHOT_DIR}/proof-sheet.pdf`, pdf);
    const read = await readPdf(pdf);
    const text = read.text.join('\n');
    expect(read.images).toBe(3);
    for (const expected of [
      'SMA Harapan Nusantara',
      'Laporan Bukti Pekerjaan',
      // Filed offline: no number yet, so the sheet says it comes once sent (decision 033).
      'Bernomor setelah terkirim',
      area,
      'Perbaikan',
      'Menunggu',
      'Slamet Riyadi',
      description,
      'Belum ada catatan.',
      'Diambil 20 Nov 2026',
      'waktu pengambilan tidak diketahui',
      'Diambil setelah foto sesudah',
      'PELAPOR',
      'DIPERIKSA OLEH',
      'Halaman 1 dari',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/FOTO SEBELUM.*FOTO SESUDAH/);

    // Online again: the capture times reach the server and come back in its detail answer.
    await context.setOffline(false);
    await syncNow(page);
    await untilNothingUnsynced(page);
    const token = await apiToken(run.server.url, GARDENER);
    const res = await fetch(`${run.server.url}/api/reports/${id}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const detail = reportDetailResponseSchema.parse(await res.json()).data;
    expect(
      detail.photos.map((photo) => [
        photo.kind,
        photo.position,
        photo.mime_type,
        photo.captured_at,
      ]),
    ).toEqual([
      ['after', 0, 'image/jpeg', '2026-11-20T07:05:00+07:00'],
      ['before', 0, 'image/jpeg', '2026-11-20T07:30:00+07:00'],
      ['before', 1, 'image/png', null],
    ]);
    filed = { id, description };
    await context.close();
    expect(run.problems).toEqual([]);
  }, 180_000);

  it('gives an English-speaking admin the period PDF of the filtered list, with a cover page', async () => {
    if (filed === null) throw new Error('the gardener test did not file its report');
    const { id, description } = filed;
    const token = await apiToken(run.server.url, ADMIN);
    const preference = await fetch(`${run.server.url}/api/profile/preferences`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ preferred_language: 'en' }),
    });
    expect(preference.status).toBe(200);
    const context = await run.browser.newContext({
      viewport: { width: 1366, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await watchForProblems(page, run.problems);
    await logInAt(page, run.server.url, ADMIN);

    await page.goto(`${run.server.url}/reports?q=${encodeURIComponent(description)}`);
    const rows = page.locator('[data-testid="report-list-table"] tbody tr[data-report-id]');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    const pdf = await downloadPdf(page, 'Print PDF (these filters)');
    fs.writeFileSync(`${SCREENSHOT_DIR}/proof-period.pdf`, pdf);
    const read = await readPdf(pdf);
    expect(read.pages).toBeGreaterThanOrEqual(2);
    expect(read.images).toBe(3);
    const [cover = '', ...sheets] = read.text;
    for (const expected of [
      'Proof of Work Summary',
      'REPORTS 1',
      'BY STATUS',
      'Pending 1',
      'Completed 0',
      'BY WORK TYPE',
      'Repair 1',
      `"${description}"`,
    ]) {
      expect(cover).toContain(expected);
    }
    const sheet = sheets.join('\n');
    for (const expected of ['Proof of Work Report', 'capture time unknown', 'Taken 20 Nov 2026']) {
      expect(sheet).toContain(expected);
    }
    // Synced, the report has the number the server gave it (decision 033), on its sheet.
    const numbered = await apiGet<{ data: { number: string | null } }>(
      run.server.url,
      await apiToken(run.server.url, ADMIN),
      `/api/reports/${id}`,
    );
    expect(numbered.data.number).toMatch(/^LAP-\d{4}-\d{6}$/);
    expect(sheet).toContain(numbered.data.number);

    // The detail in English, on screen and as the browser prints it.
    await page.goto(`${run.server.url}/reports/${id}`);
    await expect.poll(() => captions(page, 'Before photos')).toHaveLength(2);
    expect((await captions(page, 'Before photos'))[1]).toBe('capture time unknown');
    await page.addStyleTag({ content: HIDE_TOASTS });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/proof-detail-1366.png`, fullPage: true });
    const printed = await page.pdf({ format: 'A4', printBackground: true });
    fs.writeFileSync(`${SCREENSHOT_DIR}/proof-browser-print.pdf`, printed);
    const printedText = (await readPdf(new Uint8Array(printed))).text.join('\n');
    expect(printedText).toContain(description);
    expect(printedText).toContain('capture time unknown');
    for (const chrome of ['Print / Download PDF', 'Dashboard', 'Mark In progress', 'Download']) {
      expect(printedText).not.toContain(chrome);
    }
    await context.close();
    expect(run.problems).toEqual([]);
  }, 180_000);
});
