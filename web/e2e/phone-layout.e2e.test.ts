/**
 * Phones are first-class: every screen an admin reaches fits a 390 px phone with no horizontal
 * overflow (the page's scrollWidth is the viewport's), checked on every route of the route
 * table, and the same routes draw at 1366 px. Screenshots of each land in web/screenshots/.
 *
 * Needs `npm run build -w @urs/web` and `npx turbo run build --filter=@urs/scripts` first.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newId, PROTOCOL_VERSION } from '@urs/sync-protocol';
import {
  ADMIN,
  GARDENER,
  HIDE_TOASTS,
  apiGet,
  apiToken,
  logInAt,
  pageApiGet,
  untilServiceWorkerControls,
  viewportFor,
  watchForProblems,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

shareServerAndBrowser((run) => ({ server, browser } = run));

/** Every route of the spec's route table an admin can open, with a concrete report id. */
function adminRoutes(reportId: string, announcementId: string): [string, string][] {
  return [
    ['dashboard', '/'],
    ['reports', '/reports'],
    ['jobs', '/jobs'],
    ['report-create', '/reports/create'],
    ['report-detail', `/reports/${reportId}`],
    ['report-edit', `/reports/${reportId}/edit`],
    ['inventory', '/inventory'],
    ['inventory-requests', '/inventory?tab=requests'],
    ['profile', '/profile'],
    ['settings', '/settings'],
    ['announcements', '/announcements'],
    ['announcement-new', '/announcements/new'],
    ['announcement-edit', `/announcements/${announcementId}/edit`],
    ['analytics', '/analytics'],
    ['admin-areas', '/admin/areas'],
    ['admin-users', '/admin/users'],
    ['not-found', '/no-such-page'],
  ];
}

/** How far the page is wider than the viewport, and which elements stick out, for the message. */
function overflow(page: Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const excess =
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - width;
    const culprits: string[] = [];
    if (excess > 0) {
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        const box = el.getBoundingClientRect();
        if (box.right > width + 1 && box.width > 0) {
          culprits.push(
            `${el.tagName.toLowerCase()}.${el.className} right=${Math.round(box.right)}`,
          );
        }
        if (culprits.length >= 8) break;
      }
    }
    return { excess, culprits };
  });
}

/** The admin's saved language, which a sign-in then applies. */
async function setLanguage(token: string, language: 'id' | 'en'): Promise<void> {
  const res = await fetch(`${server.url}/api/profile/preferences`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ preferred_language: language }),
  });
  expect(res.status).toBe(200);
}

async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('admin screens at phone and desktop width', () => {
  for (const width of [390, 1366]) {
    it(`have no horizontal overflow on any route at ${width} px`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 800 },
      });
      const page = await context.newPage();
      const problems: string[] = [];
      await watchForProblems(page, problems);
      await logInAt(page, server.url, ADMIN);
      const reports = await pageApiGet<{ data: { id: string }[] }>(
        page,
        server.url,
        '/api/reports?per_page=1',
      );
      const reportId = reports.data[0]?.id ?? '';
      await page.goto(`${server.url}/announcements`);
      const announcement = page.getByTestId('announcement').first();
      await announcement.waitFor({ timeout: 20_000 });
      const announcementId = (await announcement.getAttribute('data-announcement-id')) ?? '';

      const overflowing: Record<string, unknown> = {};
      for (const [name, route] of adminRoutes(reportId, announcementId)) {
        await page.goto(`${server.url}${route}`);
        await settle(page);
        await page.addStyleTag({ content: HIDE_TOASTS });
        const found = await overflow(page);
        if (found.excess > 0) overflowing[route] = found;
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `layout-${name}-${width}.png`),
          fullPage: true,
        });
      }
      expect(overflowing).toEqual({});
      expect(problems).toEqual([]);
      await context.close();
    }, 180_000);
  }

  it('keep long unbroken text and longer English labels inside the page', async () => {
    // A report whose description and admin note are one long link, as pasted from a phone.
    const token = await apiToken(server.url, ADMIN);
    const areas = await apiGet<{ data: { id: string }[] }>(
      server.url,
      token,
      '/api/areas?per_page=1',
    );
    const link = `https://drive.contoh.sch.id/laporan/${'a1b2c3d4'.repeat(30)}`;
    const id = newId();
    const push = await fetch(`${server.url}/api/sync/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        protocol_version: PROTOCOL_VERSION,
        client_id: newId(),
        mutations: [
          {
            id: newId(),
            seq: 1,
            name: 'report.create',
            args: {
              id,
              area_id: areas.data[0]?.id,
              work_type: 'inspection',
              description: `Foto lengkap di ${link}`,
            },
            at: new Date().toISOString(),
          },
          {
            id: newId(),
            seq: 2,
            name: 'report.set_admin_note',
            args: { id, admin_note: link },
            at: new Date().toISOString(),
          },
        ],
      }),
    });
    expect(push.status).toBe(200);

    const overflowing: Record<string, unknown> = {};
    for (const [width, language] of [
      [390, 'id'],
      [1280, 'en'],
    ] as const) {
      await setLanguage(token, language);
      const context = await browser.newContext({ viewport: viewportFor(width) });
      const page = await context.newPage();
      await logInAt(page, server.url, ADMIN);
      for (const route of [`/reports/${id}`, '/analytics']) {
        await page.goto(`${server.url}${route}`);
        await settle(page);
        await page.addStyleTag({ content: HIDE_TOASTS });
        const found = await overflow(page);
        if (found.excess > 0) overflowing[`${route} at ${width} (${language})`] = found;
      }
      await page.goto(`${server.url}/reports/${id}`);
      await page.getByText(link).first().waitFor();
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `layout-long-link-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
    await setLanguage(token, 'id');
    expect(overflowing).toEqual({});
  }, 120_000);

  it('show the unread count in the phone top bar, and the author none for their own', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    const problems: string[] = [];
    await watchForProblems(page, problems);
    await logInAt(page, server.url, GARDENER);
    const { count } = await pageApiGet<{ count: number }>(
      page,
      server.url,
      '/api/announcements/unread-count',
    );
    expect(count).toBeGreaterThan(0);
    const topbar = page.getByTestId('topbar-unread');
    await topbar.waitFor();
    expect(await topbar.locator('.badge').textContent()).toBe(String(count));
    expect(await topbar.getAttribute('aria-label')).toBe(`Pengumuman: ${count} belum dibaca`);
    // The drawer is closed: its badge is out of sight, the top bar's is the one to see.
    expect(await page.locator('.sidebar').getAttribute('inert')).not.toBeNull();
    await page.addStyleTag({ content: HIDE_TOASTS });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'topbar-unread-390.png') });
    // Reloaded offline, the server cannot answer: the count last kept on the device still shows.
    await untilServiceWorkerControls(page);
    await phone.setOffline(true);
    await page.reload();
    await topbar.waitFor();
    expect(await topbar.locator('.badge').textContent()).toBe(String(count));
    await phone.setOffline(false);
    await topbar.click();
    await page.waitForURL((url) => url.pathname === '/announcements');
    await phone.close();

    // Every seeded announcement is the admin's own: none is unread for them, on either width.
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const adminPage = await context.newPage();
      await watchForProblems(adminPage, problems);
      await logInAt(adminPage, server.url, ADMIN);
      const mine = await pageApiGet<{ count: number }>(
        adminPage,
        server.url,
        '/api/announcements/unread-count',
      );
      expect(mine.count).toBe(0);
      await adminPage.goto(`${server.url}/announcements`);
      await adminPage.getByTestId('announcement').first().waitFor({ timeout: 20_000 });
      expect(await adminPage.getByTestId('unread').count()).toBe(0);
      expect(await adminPage.getByTestId('topbar-unread').count()).toBe(0);
      expect(
        await adminPage.locator('.sidebar-nav [data-nav="announcements"] .badge').count(),
      ).toBe(0);
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
