/**
 * Refused work is fixed, not thrown away: a gardener files a report with two photos offline in
 * an area the admin then removes; the server refuses it. The sync panel names it (area and first
 * words) and says why; "Perbaiki" opens it in its form with the text and photos intact; the
 * gardener picks another area and saves; the server accepts it, photos and all. At 390 px and
 * 1366 px. Discarding another refused report asks first.
 *
 * Needs `npm run build -w @urs/web` and `npx turbo run build --filter=@urs/scripts` first.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  GARDENER,
  HIDE_TOASTS,
  apiCall,
  apiGet,
  apiToken,
  makeJpeg,
  outboxCount,
  signInAndSync,
  storeRows,
  syncNow,
  watchForProblems,
  useApiToken,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';

const run = shareServerAndBrowser();
const admin = useApiToken(run, ADMIN);

async function adminCall(method: string, pathname: string, body?: unknown): Promise<unknown> {
  const res = await apiCall(run.server.url, admin.token, method, pathname, body);
  expect(res.ok).toBe(true);
  return res.json();
}

async function newArea(name: string): Promise<string> {
  const answer = (await adminCall('POST', '/api/areas', { name, active: true })) as {
    data: { id: string };
  };
  return answer.data.id;
}

/** Files a report offline in `areaName` with a before and an after photo; returns its id. */
async function fileOffline(page: Page, areaName: string, description: string): Promise<string> {
  const [before, after] = await Promise.all([makeJpeg(page, '#2f7d32'), makeJpeg(page, '#1565c0')]);
  await page.context().setOffline(true);
  await page.goto(`${run.server.url}/reports/create`);
  await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
  await page.getByLabel('Area', { exact: true }).selectOption({ label: areaName });
  await page.getByLabel('Deskripsi').fill(description);
  await page
    .getByTestId('photo-gallery-before')
    .setInputFiles({ name: 'sebelum.jpg', mimeType: 'image/jpeg', buffer: before });
  await page.getByRole('group', { name: 'Foto sebelum' }).locator('img').first().waitFor();
  await page
    .getByTestId('photo-gallery-after')
    .setInputFiles({ name: 'sesudah.jpg', mimeType: 'image/jpeg', buffer: after });
  await page.getByRole('group', { name: 'Foto sesudah' }).locator('img').first().waitFor();
  await page.getByRole('button', { name: 'Simpan laporan' }).click();
  await page.waitForURL((url) => /^\/reports\/[0-9a-f-]{36}$/.test(url.pathname));
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

const refusedLine = (page: Page, words: string) =>
  page.getByTestId('refused-item').filter({ hasText: words });

describe('a refused report', () => {
  for (const width of [390, 1366]) {
    it(`is corrected in its form and accepted with its photos at ${width} px`, async () => {
      const context = await run.browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 800 },
      });
      const page = await context.newPage();
      const problems: string[] = [];
      await watchForProblems(page, problems);
      const stamp = Date.now();
      const goneArea = `Kebun belakang ${stamp}`;
      const areaId = await newArea(goneArea);
      const keptArea = `Taman samping ${stamp}`;
      await newArea(keptArea);
      await signInAndSync(page, run.server.url, GARDENER);

      const description = `Pohon tumbang menutup jalan setapak ${stamp}`;
      const id = await fileOffline(page, goneArea, description);
      const other = await fileOffline(page, goneArea, `Selang bocor dekat kolam ${stamp}`);

      // While the gardener is offline the admin removes the area; then signal returns.
      await adminCall('DELETE', `/api/areas/${areaId}`);
      await context.setOffline(false);
      await syncNow(page);

      // The panel names the record and the reason, not 'report.create'.
      await page.getByTestId('sync-indicator').click();
      const line = refusedLine(page, 'Pohon tumbang menutup jalan');
      await line.waitFor({ timeout: 30_000 });
      // The area is gone from the device's choices once the sync's pull has run, but the
      // refused report still names it: the tombstone carried its name.
      await expect
        .poll(
          () =>
            storeRows<{ id: string }>(page, 'areas').then((r) => r.some((a) => a.id === areaId)),
          {
            timeout: 30_000,
          },
        )
        .toBe(false);
      await expect
        .poll(() => line.locator('strong').textContent(), { timeout: 30_000 })
        .toBe(`Laporan: ${goneArea} · ${description}`);
      await line.getByText('Area tidak ditemukan.').waitFor();
      expect(await page.getByText('report.create').count()).toBe(0);
      expect(await page.getByText('photo.attach').count()).toBe(0);
      // One line per report: its photos' refusals are folded into it.
      expect(await page.getByTestId('refused-item').count()).toBe(2);
      await page.addStyleTag({ content: HIDE_TOASTS });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `refused-panel-${width}.png`) });

      // Discarding asks first; cancelling keeps it.
      const otherLine = refusedLine(page, 'Selang bocor dekat kolam');
      await otherLine.getByRole('button', { name: /^Buang / }).click();
      const dialog = page.getByRole('dialog', { name: 'Buang perubahan ini?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Batal' }).click();
      await otherLine.waitFor();
      await otherLine.getByRole('button', { name: /^Buang / }).click();
      await dialog.getByRole('button', { name: 'Buang', exact: true }).click();
      await otherLine.waitFor({ state: 'detached' });

      // "Perbaiki" opens the form with the text and both photos; the area must be chosen again.
      await line.getByRole('link', { name: /^Perbaiki / }).click();
      await page.waitForURL((url) => url.pathname === `/reports/${id}/edit`);
      await page.getByTestId('report-refused').getByText('Area tidak ditemukan.').waitFor();
      expect(await page.getByLabel('Deskripsi').inputValue()).toBe(description);
      await expect
        .poll(() => page.getByRole('group', { name: 'Foto sebelum' }).locator('img').count())
        .toBe(1);
      expect(await page.getByRole('group', { name: 'Foto sesudah' }).locator('img').count()).toBe(
        1,
      );
      expect(await page.getByLabel('Area', { exact: true }).inputValue()).toBe('');
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `refused-form-${width}.png`),
        fullPage: true,
      });
      await page.getByLabel('Area', { exact: true }).selectOption({ label: keptArea });
      await page.getByRole('button', { name: 'Simpan laporan' }).click();
      await page.waitForURL((url) => url.pathname === `/reports/${id}`);

      // Sent again and accepted: nothing left in the outbox, the server has it with both photos.
      await syncNow(page);
      await expect.poll(() => outboxCount(page), { timeout: 30_000 }).toBe(0);
      const gardenerToken = await apiToken(run.server.url, GARDENER);
      const detail = await apiGet<{
        data: { description: string; area: { name: string }; photos: { kind: string }[] };
      }>(run.server.url, gardenerToken, `/api/reports/${id}`);
      expect(detail.data.description).toBe(description);
      expect(detail.data.area.name).toBe(keptArea);
      expect(detail.data.photos.map((photo) => photo.kind).sort()).toEqual(['after', 'before']);
      // The discarded one never reached the server.
      const gone = await fetch(`${run.server.url}/api/reports/${other}`, {
        headers: { authorization: `Bearer ${gardenerToken}` },
      });
      expect(gone.status).toBe(404);
      expect(problems).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
