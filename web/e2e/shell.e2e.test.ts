import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, CUSTODIAN as STAFF, watchForProblems } from './app-kit.js';
import { shareServerAndBrowser, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

export const SCREENSHOT_DIR = path.join(os.tmpdir(), 'urs-shell-screenshots');

/** The texts of the status regions in Chromium's accessibility tree, where inert content is not. */
async function spokenStatus(context: BrowserContext, page: Page): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const regions = new Set(
      nodes.filter((n) => !n.ignored && n.role?.value === 'status').map((n) => n.nodeId),
    );
    return nodes
      .filter((n) => !n.ignored && n.parentId !== undefined && regions.has(n.parentId))
      .map((n) => String(n.name?.value ?? ''));
  } finally {
    await cdp.detach();
  }
}

shareServerAndBrowser((run) => ({ server, browser } = run));

/** Uncaught errors and CSP violations seen by any page of the run; asserted empty at the end. */
const problems: string[] = [];

async function newPage(
  width = 1280,
  height = 800,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await watchForProblems(page, problems);
  return { context, page };
}

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function navIds(page: Page): Promise<string[]> {
  return page
    .locator('.sidebar-nav [data-nav]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('data-nav') ?? ''));
}

describe('app shell in a real browser', () => {
  it('sends a guest to login with the full path, shows the server error, then returns there', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/reports?x=1`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login?redirect=%2Freports%3Fx%3D1');

    await logIn(page, { email: ADMIN.email, password: 'wrong-password' });
    await page.getByText('Email atau password salah.').first().waitFor();
    expect(pathOf(page)).toBe('/login?redirect=%2Freports%3Fx%3D1');

    await logIn(page, ADMIN);
    await page.waitForURL((url) => url.pathname === '/reports');
    expect(pathOf(page)).toBe('/reports?x=1');
    await page.getByRole('heading', { name: 'Kelola Laporan' }).waitFor();
    await page.locator('.report-list-layout').waitFor();
    expect(await navIds(page)).toEqual([
      'dashboard',
      'announcements',
      'reports',
      'jobs',
      'rounds',
      'analytics',
      'areas',
      'users',
      'inventory',
    ]);
    await expect(page.locator('.sidebar-user-role').textContent()).resolves.toBe('Administrator');
    await expect(page.locator('.footer').textContent()).resolves.toBe('SMA Harapan Nusantara');
    // A signed-in user on a guests-only page, or an unknown one, lands on the dashboard.
    await page.goto(`${server.url}/login`);
    await page.getByText('Selamat datang, ').waitFor();
    expect(pathOf(page)).toBe('/');
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText('Selamat datang, ').waitFor();
    expect(pathOf(page)).toBe('/');
    await context.close();
  });

  it('serves the guest pages: manual admin login (with trailing slash), not-found, /dashboard', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/admin/admingantenglogin/`);
    await page.getByRole('heading', { name: 'Masuk Administrator' }).waitFor();
    expect(await page.getByRole('link', { name: 'Daftar di sini' }).count()).toBe(0);
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Halaman tidak ditemukan' }).waitFor();
    expect(await page.locator('.sidebar').count()).toBe(0);
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login');
    await page.getByRole('link', { name: 'Daftar di sini' }).click();
    await page.getByRole('heading', { name: 'Daftar Akun' }).waitFor();
    await page.getByText('Minimal 8 karakter.').waitFor();
    await context.close();
  });

  it('gives staff their links and keeps them out of admin pages', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/login`);
    await logIn(page, STAFF);
    await page.getByText('Selamat datang, ').waitFor();
    expect(await navIds(page)).toEqual([
      'dashboard',
      'tasks',
      'announcements',
      'inventory',
      'myReports',
    ]);
    await expect(page.locator('.sidebar-user-role').textContent()).resolves.toBe('Custodian');
    await page.goto(`${server.url}/reports`);
    await page.getByText('Selamat datang, ').waitFor();
    expect(pathOf(page)).toBe('/');
    // Typing an admin-only address lands on the dashboard too.
    await page.goto(`${server.url}/analytics`);
    await page.getByText('Selamat datang, ').waitFor();
    expect(pathOf(page)).toBe('/');
    await page.goto(`${server.url}/user/reports`);
    await page.getByRole('heading', { name: 'Laporan Saya' }).waitFor();
    // A path kept for after start-up replaces the route once, then is gone.
    await page.evaluate(() => sessionStorage.setItem('urs_post_login_redirect', '/inventory'));
    await page.reload();
    await page.getByRole('heading', { name: 'Inventaris' }).waitFor();
    expect(pathOf(page)).toBe('/inventory');
    expect(await page.evaluate(() => sessionStorage.getItem('urs_post_login_redirect'))).toBeNull();
    await context.close();
  });

  it('puts focus on the new page after a page change made by code, not on the body', async () => {
    const { context, page } = await newPage(390, 844);
    await page.goto(`${server.url}/login`);
    await logIn(page, STAFF);
    await page.getByText('Selamat datang, ').waitFor();
    await page.goto(`${server.url}/reports/create`);
    await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
    // By keyboard: Batal on the untouched form leaves for the user's reports at once.
    await page.getByRole('button', { name: 'Batal' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Laporan Saya' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next Tab goes on from the page's content, not from the top of the page.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement)),
    ).toBe(true);
    await context.close();
  });

  it('toggles the fixed sidebar at 1280px and the drawer at 390px', async () => {
    const { context, page } = await newPage(1280, 800);
    await page.goto(`${server.url}/login`);
    await logIn(page, ADMIN);
    await page.getByText('Selamat datang, ').waitFor();
    const shell = page.locator('.shell');
    const sidebar = page.locator('#app-sidebar');
    expect(await shell.getAttribute('data-layout')).toBe('wide');
    await sidebar.waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell-1280.png') });
    await page.getByTestId('menu-toggle').click();
    await sidebar.waitFor({ state: 'hidden' });
    await page.getByTestId('menu-toggle').click();
    await sidebar.waitFor({ state: 'visible' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(
      () => document.querySelector('.shell')?.getAttribute('data-layout') === 'narrow',
    );
    await sidebar.waitFor({ state: 'hidden' });
    await page.getByTestId('menu-toggle').click();
    await sidebar.waitFor({ state: 'visible' });
    await page.getByTestId('drawer-overlay').waitFor();
    await page.waitForTimeout(300); // let the slide-in transition finish for the screenshot
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell-390-drawer.png') });
    // Modal while open: focus is in the drawer, Tab stays out of the page behind it, and the
    // page behind neither scrolls nor takes focus.
    const focusIn = () =>
      page.evaluate(() => {
        const at = document.activeElement;
        if (at === null || at === document.body) return 'nothing';
        if (at.closest('#app-sidebar') !== null) return 'drawer';
        return at.closest('[inert]') !== null
          ? 'inert'
          : (at.getAttribute('data-testid') ?? 'page');
      });
    expect(await focusIn()).toBe('drawer');
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(['drawer', 'menu-toggle', 'nothing']).toContain(await focusIn());
    }
    expect(await page.locator('main').evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    );
    // The connection's status region is not behind the drawer: going offline with it open is
    // still said. Chromium leaves inert content out of its accessibility tree (the sync
    // button's words are not there), which is what a screen reader reads and hears from.
    await context.setOffline(true);
    await page.getByTestId('sync-indicator').filter({ hasText: 'Luring' }).waitFor();
    expect(await spokenStatus(context, page)).toEqual(['Luring']);
    await context.setOffline(false);
    await page.getByTestId('sync-indicator').filter({ hasText: 'Daring' }).waitFor();
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'hidden' });
    expect(await focusIn()).toBe('menu-toggle');
    expect(await page.locator('main').evaluate((el) => el.closest('[inert]') !== null)).toBe(false);
    await page.getByTestId('menu-toggle').click();
    await sidebar.waitFor({ state: 'visible' });
    // The overlay's visible part is right of the drawer.
    await page.getByTestId('drawer-overlay').click({ position: { x: 370, y: 400 } });
    await sidebar.waitFor({ state: 'hidden' });
    await page.getByTestId('menu-toggle').click();
    await page.locator('#app-sidebar [data-nav="announcements"]').click();
    await page.getByRole('heading', { name: 'Pengumuman' }).waitFor();
    await sidebar.waitFor({ state: 'hidden' });
    // The link that had the focus is hidden now: the new screen's content has it.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell-390.png') });
    await context.close();
  });

  it('applies a theme at once, keeps it after reload, and logout revokes the token', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/login`);
    await logIn(page, ADMIN);
    await page.getByText('Selamat datang, ').waitFor();
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { name: 'Pengaturan' }).waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/preferences'));
    await page.getByLabel('Terang').check();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Pengaturan' }).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    // Back to the default so other runs start from dark.
    const restored = page.waitForResponse((r) => r.url().endsWith('/api/profile/preferences'));
    await page.getByLabel('Gelap').check();
    expect((await restored).ok()).toBe(true);

    // The language switches at once, is saved, and survives a reload.
    const english = page.waitForResponse((r) => r.url().endsWith('/api/profile/preferences'));
    await page.getByLabel('English').check();
    expect((await english).ok()).toBe(true);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('urs_language'))).toBe('en');
    const indonesian = page.waitForResponse((r) => r.url().endsWith('/api/profile/preferences'));
    await page.getByLabel('Bahasa Indonesia').check();
    expect((await indonesian).ok()).toBe(true);
    await page.getByRole('heading', { name: 'Pengaturan' }).waitFor();

    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // Signed out on purpose: a plain login page, nothing kept for whoever signs in next.
    expect(pathOf(page)).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    const after = await fetch(`${server.url}/api/user`, {
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    expect(after.status).toBe(401);
    await context.close();
  });

  it('sends a tab to login, with its page kept, when another tab signs out', async () => {
    const { context, page } = await newPage(390, 844);
    await page.goto(`${server.url}/login`);
    await logIn(page, STAFF);
    await page.getByText('Selamat datang, ').waitFor();
    await page.goto(`${server.url}/profile?x=1`);
    await page.getByLabel('Nama lengkap').waitFor();
    const other = await context.newPage();
    await other.goto(`${server.url}/`);
    await other.getByText('Selamat datang, ').waitFor();
    await other.getByTestId('menu-toggle').click();
    await other.getByRole('button', { name: 'Keluar' }).click();
    await other.waitForURL((url) => url.pathname === '/login');
    // This tab was never navigated: before, it went blank where the shell had been.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login?redirect=%2Fprofile%3Fx%3D1');
    await page.getByRole('button', { name: 'Masuk', exact: true }).waitFor();
    await context.close();
  });

  it('keeps the session on an offline cold start, and logout warns about unsent changes', async () => {
    const { context, page } = await newPage();
    await page.goto(`${server.url}/login`);
    await logIn(page, STAFF);
    await page.getByText('Selamat datang, ').waitFor();
    // The service worker must control the page before it can answer the reload offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByText('Selamat datang, ').waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByText('Selamat datang, ').waitFor();
    expect(pathOf(page)).toBe('/');
    await page.getByTestId('sync-indicator').getByText('Luring').waitFor();

    // An unsent change in this user's outbox: logout warns first, and still works offline.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const user = JSON.parse(localStorage.getItem('urs_user') ?? '{}') as { id: string };
          const open = indexedDB.open('urs');
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const tx = open.result.transaction('outbox', 'readwrite');
            tx.objectStore('outbox').add({
              user_id: user.id,
              seq: 999,
              mutation: { id: 'm-1', name: 'report.create', args: {} },
              status: 'pending',
              entity: 'reports',
              entity_id: 'r-1',
              rows: [],
              photo_ids: [],
              created_at: new Date().toISOString(),
            });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(new Error(String(tx.error)));
          };
        }),
    );
    await page.locator('#app-sidebar').getByRole('button', { name: 'Keluar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ada 1 perubahan belum terkirim' });
    await dialog.waitFor();
    await dialog
      .getByText(
        'Perubahan tetap tersimpan di perangkat ini dan akan dikirim saat Anda masuk lagi.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/');
    await page.locator('#app-sidebar').getByRole('button', { name: 'Keluar' }).click();
    await dialog.getByRole('button', { name: 'Keluar' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });

  it('saw no uncaught errors and no CSP violations along the way', () => {
    expect(problems).toEqual([]);
  });
});
