/**
 * Issue 45, items 1 and 2, in a real browser at 390 px with a server whose pulls answer slowly
 * (held by the test, page.route): while the first download runs, screens say the data is on its
 * way and counts are not final; an admin acts at once on a report opened from the server.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import {
  ADMIN,
  GARDENER,
  apiCall,
  apiToken,
  logInAt,
  openPage,
  outboxCount,
  pageApiGet,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser, type RunningServer } from './harness.js';
import type { Browser } from 'playwright-core';

let server: RunningServer;
let browser: Browser;
shareServerAndBrowser((run) => ({ server, browser } = run));
const problems: string[] = [];

/** Holds every pull until released: the slow link of a large school's first download. */
async function slowPulls(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/sync/pull**', async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

async function phone(width = 390) {
  // The pulls are the page's own fetches: no service worker in between to route around.
  const { context, page } = await openPage(browser, problems, {
    viewport: { width, height: width < 600 ? 844 : 800 },
    serviceWorkers: 'block',
  });
  return { context, page };
}

/** The account's own language: the one a sign-in puts the app in (it wins over the device's). */
async function preferLanguage(language: 'id' | 'en') {
  const token = await apiToken(server.url, GARDENER);
  const response = await apiCall(server.url, token, 'POST', '/api/profile/preferences', {
    preferred_language: language,
  });
  expect(response.status).toBe(200);
}

describe('the first download in a real browser', () => {
  it('a gardener sees "downloading", never "none", until the data is in, in both languages', async () => {
    // Each pass is a new device (a fresh context), so each meets its own first download.
    for (const language of [undefined, 'en'] as const) {
      await preferLanguage(language ?? 'id');
      const { context, page } = await phone(390);
      const releases = [await slowPulls(page)];
      await logInAt(page, server.url, GARDENER);
      await page.goto(`${server.url}/user/reports`);
      const notice = page.getByTestId('first-download');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(
        language === 'en' ? 'Data is downloading...' : 'Data sedang diunduh...',
      );
      expect(
        await page.getByText(language === 'en' ? 'No reports yet.' : 'Belum ada laporan.').count(),
      ).toBe(0);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/first-download-mine-390-${language ?? 'id'}.png`,
      });

      await page.goto(`${server.url}/`);
      await page.getByTestId('still-arriving').first().waitFor();
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/first-download-dashboard-390-${language ?? 'id'}.png`,
        fullPage: true,
      });

      releases.forEach((release) => release());
      // Once the pull is in, the tags go and the reports show.
      await expect
        .poll(() => page.getByTestId('still-arriving').count(), { timeout: 30_000 })
        .toBe(0);
      await page.goto(`${server.url}/user/reports`);
      await expect
        .poll(() => page.getByTestId('first-download').count(), { timeout: 30_000 })
        .toBe(0);
      await context.close();
    }
    await preferLanguage('id');
  });

  it('an admin changes status and note on a report opened from the server during the download', async () => {
    const { context, page } = await phone(390);
    const release = await slowPulls(page);
    await logInAt(page, server.url, ADMIN);
    const list = await pageApiGet<{ data: { id: string; status: string }[] }>(
      page,
      server.url,
      '/api/reports?per_page=50&status=pending',
    );
    const target = list.data[0];
    if (target === undefined) throw new Error('no pending report seeded');
    await page.goto(`${server.url}/reports/${target.id}`);
    await page
      .getByTestId('report-kept-from-server')
      .waitFor({ timeout: 20_000 })
      .catch(async (err: unknown) => {
        await page.screenshot({ path: `${SCREENSHOT_DIR}/first-download-detail-failed.png` });
        throw err;
      });
    // The actions are there at once: status, note and delete.
    const start = page.getByRole('button', { name: 'Mulai kerjakan' });
    await start.waitFor();
    expect(await page.getByRole('button', { name: 'Hapus laporan' }).count()).toBe(1);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/first-download-detail-390.png`,
      fullPage: true,
    });
    await start.click();
    await page.getByLabel('Catatan admin').fill('Dicek saat unduhan berjalan');
    await page.getByRole('button', { name: 'Simpan catatan' }).click();
    await expect.poll(() => outboxCount(page)).toBeGreaterThanOrEqual(2);

    release();
    // Pushed and pulled: the server has both changes.
    await expect
      .poll(
        async () =>
          (
            await pageApiGet<{ data: { status: string; admin_note: string | null } }>(
              page,
              server.url,
              `/api/reports/${target.id}`,
            )
          ).data,
        { timeout: 60_000 },
      )
      .toMatchObject({ status: 'in_progress', admin_note: 'Dicek saat unduhan berjalan' });
    await context.close();

    const wide = await openPage(browser, problems, {
      viewport: { width: 1366, height: 800 },
      serviceWorkers: 'block',
    });
    const releaseWide = await slowPulls(wide.page);
    await logInAt(wide.page, server.url, ADMIN);
    await wide.page.goto(`${server.url}/reports/${list.data[1]?.id ?? target.id}`);
    await wide.page.getByTestId('report-kept-from-server').waitFor({ timeout: 20_000 });
    await wide.page.screenshot({
      path: `${SCREENSHOT_DIR}/first-download-detail-1366.png`,
      fullPage: true,
    });
    await wide.page.goto(`${server.url}/`);
    await wide.page.getByTestId('still-arriving').first().waitFor();
    await wide.page.screenshot({ path: `${SCREENSHOT_DIR}/first-download-dashboard-1366.png` });
    releaseWide();
    await wide.context.close();
    expect(problems).toEqual([]);
  });
});
