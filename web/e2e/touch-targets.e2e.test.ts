/**
 * A phone is pressed with a finger (issue 45 item 4): every button and link of the main phone
 * screens is at least 44 x 44 px at 390 px, measured in the page; a toast shown after saving
 * covers none of the buttons needed next; the download's count fits the top bar at 360 px.
 * Screenshots land in web/screenshots/.
 *
 * Needs `npm run build -w @urs/web` and `npx turbo run build --filter=@urs/scripts` first.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  ADMIN,
  GARDENER,
  HIDE_TOASTS,
  logInAt,
  openPageAt,
  pageApiGet,
  MIN_TARGET,
  smallTargets,
  type Account,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';

const run = shareServerAndBrowser();

async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** The main screens a role's phone shows, each as [name, path]. */
const SCREENS: Record<'admin' | 'staff', [string, string][]> = {
  admin: [
    ['dashboard', '/'],
    ['reports', '/reports'],
    ['report-form', '/reports/create'],
    ['inventory', '/inventory'],
    ['announcements', '/announcements'],
    ['profile', '/profile'],
  ],
  staff: [
    ['dashboard', '/'],
    ['my-reports', '/user/reports'],
    ['report-form', '/reports/create'],
    ['inventory', '/inventory'],
    ['announcements', '/announcements'],
    ['profile', '/profile'],
  ],
};

async function measureScreens(who: Account, screens: [string, string][]) {
  const { context, page } = await openPageAt(run, 390);
  await logInAt(page, run.server.url, who);
  const offenders: Record<string, string[]> = {};
  for (const [name, route] of screens) {
    await page.goto(`${run.server.url}${route}`);
    await settle(page);
    const small = await smallTargets(page);
    if (small.length > 0) offenders[`${name} ${route}`] = small;
  }
  // The drawer's links, with the drawer open.
  await page.goto(run.server.url);
  await settle(page);
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.locator('.sidebar:not([inert])').waitFor();
  const drawer = await smallTargets(page);
  if (drawer.length > 0) offenders['drawer'] = drawer;
  await context.close();
  return offenders;
}

/** Whether two boxes share any area. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The toast's box once it has slid in (two equal reads in a row). */
async function settledToast(
  page: Page,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const toast = page.locator('[data-sonner-toast]').first();
  await toast.waitFor();
  let last = await toast.boundingBox();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const box = await toast.boundingBox();
    if (box !== null && last !== null && box.y === last.y && box.height === last.height) return box;
    last = box;
  }
  throw new Error('the toast did not settle');
}

/** The names and boxes of `buttons` that `box` covers. */
async function covered(
  box: { x: number; y: number; width: number; height: number },
  buttons: Locator,
): Promise<string[]> {
  const hits: string[] = [];
  for (const button of await buttons.all()) {
    const own = await button.boundingBox();
    if (own !== null && overlaps(box, own)) hits.push((await button.textContent()) ?? '');
  }
  return hits;
}

describe('phone screens at 390 px', () => {
  it('give every button and link a 44 x 44 px target (admin)', async () => {
    expect(await measureScreens(ADMIN, SCREENS.admin)).toEqual({});
  }, 120_000);

  it('give every button and link a 44 x 44 px target (staff, with the bell)', async () => {
    expect(await measureScreens(GARDENER, SCREENS.staff)).toEqual({});
  }, 120_000);

  it("show a saved report's toast clear of its status buttons and of every action below the top bar", async () => {
    const { context, page } = await openPageAt(run, 390);
    await logInAt(page, run.server.url, ADMIN);
    const reports = await pageApiGet<{ data: { id: string }[] }>(
      page,
      run.server.url,
      '/api/reports?per_page=1&status=in_progress',
    );
    const id = reports.data[0]?.id ?? '';
    await page.goto(`${run.server.url}/reports/${id}/edit`);
    await settle(page);
    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page.waitForURL((url) => url.pathname === `/reports/${id}`);
    const cancel = page.getByRole('button', { name: 'Batalkan pekerjaan' });
    await cancel.waitFor();
    const toast = await settledToast(page);
    expect(await page.locator('[data-sonner-toast]').first().textContent()).toContain(
      'Laporan disimpan.',
    );
    expect(await covered(toast, page.locator('.rp-status-actions button'))).toEqual([]);
    expect(await covered(toast, page.locator('#main :is(button, a[href])'))).toEqual([]);
    // Its close button is a finger's size too.
    const close = await page
      .locator('[data-sonner-toast] [data-close-button]')
      .first()
      .boundingBox();
    expect(close?.width).toBeGreaterThanOrEqual(MIN_TARGET);
    expect(close?.height).toBeGreaterThanOrEqual(MIN_TARGET);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'toast-report-saved-390.png') });
    await context.close();
  }, 90_000);

  it("show a recorded transaction's toast clear of the item's Catat, Ubah and Hapus", async () => {
    const { context, page } = await openPageAt(run, 390);
    await logInAt(page, run.server.url, ADMIN);
    await page.goto(`${run.server.url}/inventory`);
    const card = page.locator('[data-item-id]').nth(2);
    await card.waitFor();
    // The card near the top of the screen, just under the top bar: the worst place for it.
    await card.evaluate((element) => {
      window.scrollBy(0, element.getBoundingClientRect().top - 70);
    });
    await card.getByRole('button', { name: /^Catat transaksi / }).click();
    const form = page.getByTestId('stock-form');
    await form.getByLabel('Masuk').check();
    await form.getByLabel('Jumlah').fill('1');
    await form.getByRole('button', { name: 'Simpan transaksi' }).click();
    const toast = await settledToast(page);
    expect(await page.locator('[data-sonner-toast]').first().textContent()).toContain(
      'Transaksi dicatat',
    );
    expect(await covered(toast, card.getByRole('button'))).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'toast-stock-recorded-390.png') });
    await context.close();
  }, 90_000);
});

describe('the top bar during a long first download', () => {
  for (const width of [360, 390, 1366]) {
    it(`keeps the count on one line at ${width} px`, async () => {
      const { context, page } = await openPageAt(run, width);
      // The first page announces 200,000 changes more than it holds, and the second waits:
      // a large school's first download as a phone on 3G sees it for minutes.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/sync/pull?**', async (route) => {
        const url = new URL(route.request().url());
        if (url.searchParams.get('cursor') !== '') {
          await held;
          await route.continue();
          return;
        }
        const response = await route.fetch();
        const body = (await response.json()) as { remaining?: number; has_more: boolean };
        await route.fulfill({
          response,
          json: { ...body, remaining: (body.remaining ?? 0) + 200_000, has_more: true },
        });
      });
      await logInAt(page, run.server.url, ADMIN);
      const indicator = page.getByTestId('sync-indicator');
      await expect.poll(() => indicator.textContent(), { timeout: 20_000 }).toMatch(/Mengunduh/);
      const shape = await indicator.evaluate((button) => {
        const shown = Array.from(button.querySelectorAll<HTMLElement>('.sync-label')).filter(
          (label) => label.getBoundingClientRect().width > 1,
        );
        const topbar = document.querySelector('.topbar');
        return {
          labels: shown.map((label) => ({
            text: label.textContent,
            lines: label.getClientRects().length,
            height: label.getBoundingClientRect().height,
          })),
          button: button.getBoundingClientRect().height,
          overflows: topbar === null ? true : topbar.scrollWidth > topbar.clientWidth,
          name: button.textContent,
        };
      });
      expect(shape.labels).toHaveLength(1);
      const [label] = shape.labels;
      // One line of 0.875rem text is about 20 px; two would be 40.
      expect(label?.height).toBeLessThan(30);
      expect(label?.lines).toBe(1);
      expect(shape.overflows).toBe(false);
      expect(label?.text).toMatch(
        width < 720 ? /^Mengunduh \d+%$/ : /^Mengunduh data [\d.]+ dari 2\d\d\.\d{3}…$/,
      );
      await page.addStyleTag({ content: HIDE_TOASTS });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `topbar-download-${width}.png`) });
      release();
      await context.close();
    }, 90_000);
  }
});
