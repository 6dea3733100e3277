/**
 * Device time is the truth for offline work (issue 13 part 1): a gardener's phone files a report
 * offline while its clock reads three hours ago; the phone's clock then moves on to the present
 * and the report syncs. The phone's detail keeps the filing time (it does not jump to the sync),
 * shows the server's receipt time beside it, and the server holds the filing time as the
 * report's `reported_at`; the proof sheet made on the phone prints the filing time. At 390 px
 * and 1366 px, on Playwright's fake clock (`page.clock`).
 *
 * Needs `npx turbo run build` first.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  GARDENER,
  HIDE_TOASTS,
  apiGet,
  downloadPdf,
  makeJpeg,
  outboxCount,
  signInAndSync,
  storeRows,
  syncNow,
  watchForProblems,
  useApiToken,
  untilNothingUnsynced,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';
import { readPdf } from '../src/test/pdf-reader.js';

const HOUR_MS = 3_600_000;

const run = shareServerAndBrowser();
const admin = useApiToken(run, ADMIN);

interface StoredReport {
  id: string;
  reported_at: string;
  created_at: string;
}

/** The value beside a label in the detail's facts ("Dibuat", "Diterima server"). */
const fact = (page: Page, label: string) =>
  page
    .locator('.rp-fact')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

/** An instant as the app shows it in Indonesian, formatted by the page's own Intl. */
const shown = (page: Page, iso: string) =>
  page.evaluate(
    (at) => new Date(at).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'short' }),
    iso,
  );

async function storedReport(page: Page, id: string): Promise<StoredReport | undefined> {
  return (await storeRows<StoredReport>(page, 'reports')).find((row) => row.id === id);
}

describe('an offline report keeps the time it was filed on the device', () => {
  it.each([
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ])(
    'files at a device time three hours back, syncs later, and keeps that time (%o)',
    async (viewport) => {
      const problems: string[] = [];
      const context = await run.browser.newContext({
        viewport,
        timezoneId: 'Asia/Jakarta',
        acceptDownloads: true,
      });
      const page = await context.newPage();
      await watchForProblems(page, problems);
      // The phone's clock reads three hours ago, and runs on from there.
      const deviceStart = Date.now() - 3 * HOUR_MS;
      await page.clock.install({ time: deviceStart });
      await signInAndSync(page, run.server.url, GARDENER);
      const photo = await makeJpeg(page, '#2f7d32');

      await context.setOffline(true);
      const description = `Selokan tersumbat e2e ${viewport.width} ${Date.now()}`;
      await page.goto(`${run.server.url}/reports/create`);
      await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
      await page.getByLabel('Area', { exact: true }).selectOption({ index: 1 });
      await page.getByLabel('Deskripsi').fill(description);
      await page
        .getByTestId('photo-gallery-before')
        .setInputFiles({ name: 'sebelum.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.getByRole('group', { name: 'Foto sebelum' }).locator('img').first().waitFor();
      await page.getByRole('button', { name: 'Simpan laporan' }).click();
      await page.waitForURL((url) => /^\/reports\/[0-9a-f-]{36}$/.test(url.pathname));
      const id = new URL(page.url()).pathname.split('/')[2] ?? '';
      await page.getByTestId('unsynced').waitFor();

      const filed = (await storedReport(page, id))?.reported_at ?? '';
      // Filed by the device's clock: three hours behind the real one, not the real time.
      expect(Date.parse(filed)).toBeGreaterThanOrEqual(deviceStart);
      expect(Date.parse(filed)).toBeLessThan(Date.now() - 2 * HOUR_MS);
      const filedText = await shown(page, filed);
      await expect.poll(() => fact(page, 'Dibuat').textContent()).toBe(filedText);

      // Hours later the phone's clock has moved on to now, and it finds signal.
      await page.clock.fastForward(3 * HOUR_MS);
      await context.setOffline(false);
      await syncNow(page);
      await expect.poll(() => outboxCount(page), { timeout: 30_000 }).toBe(0);
      await untilNothingUnsynced(page);

      // The pulled row: the same filing time; the receipt time is the server's, hours later.
      // (Until the pull, the device's own row says it was created when it was filed.)
      await expect
        .poll(async () => (await storedReport(page, id))?.created_at, { timeout: 30_000 })
        .not.toBe(filed);
      const synced = await storedReport(page, id);
      expect(synced?.reported_at).toBe(filed);
      const received = synced?.created_at ?? '';
      expect(Date.parse(received) - Date.parse(filed)).toBeGreaterThan(2 * HOUR_MS);

      // The detail did not jump to the sync: it still says when the work was filed, and now
      // says when the server got it.
      await expect.poll(() => fact(page, 'Dibuat').textContent()).toBe(filedText);
      await expect
        .poll(() => fact(page, 'Diterima server').textContent(), { timeout: 20_000 })
        .toBe(await shown(page, received));

      // The server holds the device's filing time too, for lists, exports and analytics.
      const { data } = await apiGet<{ data: StoredReport }>(
        run.server.url,
        admin.token,
        `/api/reports/${id}`,
      );
      expect(data).toMatchObject({ reported_at: filed, created_at: received });

      // The proof sheet made on the phone prints the filing time, not the receipt time.
      const sheet = (await readPdf(await downloadPdf(page, 'Cetak / Unduh PDF'))).text.join('\n');
      expect(sheet).toContain(`WAKTU PENGAJUAN ${filedText}`);
      expect(sheet).not.toContain(`WAKTU PENGAJUAN ${await shown(page, received)}`);

      await page.addStyleTag({ content: HIDE_TOASTS });
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `device-time-detail-${viewport.width}.png`),
        fullPage: true,
      });
      expect(problems).toEqual([]);
      await context.close();
    },
    180_000,
  );
});
