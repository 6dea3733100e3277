import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDistrictAdmin } from '../../api/src/test/district-admin.js';
import {
  HIDE_TOASTS,
  lastSyncDone,
  logInAt,
  openPageAt,
  storeCount,
  type Account,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';

/*
 * Issue 39's browser test: a district administrator on a desktop creates a school and its first
 * admin through the screens; that admin signs in on a phone and finds an empty school, none of
 * the demo school's reports, areas or items.
 */

const run = shareServerAndBrowser();

const DISTRICT: Account = { email: 'dewi.dinas@disdik.test', password: 'dinas-rahasia-1' };
const NEW_ADMIN: Account = { email: 'admin@smpn9.sch.id', password: 'smpn9-rahasia' };
const SCHOOL = 'SMP Negeri 9 Harapan';

beforeAll(async () => {
  // create-admin.js has no URS_ROLE yet: the account comes from the users service directly.
  await addDistrictAdmin(
    { dataDir: run.server.dataDir },
    { name: 'Dewi Dinas', email: DISTRICT.email, password: DISTRICT.password },
  );
});

/** The paths of the API calls the page makes from now on. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
}

/** The login form, up to the district admin's home: the district overview. */
async function signInAsDistrict(page: Page): Promise<void> {
  await page.goto(`${run.server.url}/login`);
  await page.getByLabel('Email').fill(DISTRICT.email);
  await page.getByLabel('Password', { exact: true }).fill(DISTRICT.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/district');
  await page.getByRole('heading', { name: 'Ringkasan Dinas', level: 1 }).waitFor();
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describe('a district', () => {
  it('a district admin on a desktop creates a school and its admin; nothing syncs', async () => {
    const { context, page } = await openPageAt(run, 1366, { csp: true });
    const calls = apiCalls(page);
    // Home is the district overview, with the demo school on it.
    await signInAsDistrict(page);
    const demo = page.locator('[data-testid="district-overview"] tr[data-school-name]');
    await expect.poll(() => demo.count()).toBe(1);
    const nav = page.locator('.sidebar-nav .nav-label');
    await expect(nav.allTextContents()).resolves.toEqual(['Ringkasan Dinas', 'Sekolah']);
    await expect(page.locator('.footer').textContent()).resolves.toBe('Dinas Pendidikan');

    // Eight figures a school fit beside the sidebar, without a sideways scroll of their own.
    const wrap = page.locator('.district-table');
    await expect(
      wrap.evaluate((el) => el.scrollWidth - el.clientWidth),
      'the overview table scrolls sideways',
    ).resolves.toBeLessThanOrEqual(0);

    // Field work is not theirs: a school screen sends them home.
    await page.goto(`${run.server.url}/inventory`);
    await page.waitForURL((url) => url.pathname === '/district');

    // A new school with its first admin, through the schools screen.
    await page.locator('.sidebar-nav').getByRole('link', { name: 'Sekolah' }).click();
    await page.getByRole('heading', { name: 'Sekolah', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Tambah sekolah' }).click();
    const modal = page.getByRole('dialog', { name: 'Tambah sekolah' });
    await modal.getByLabel('Nama sekolah').fill(SCHOOL);
    await modal.getByLabel('Nama admin').fill('Budi Santoso');
    await modal.getByLabel('Email admin').fill(NEW_ADMIN.email);
    await modal.getByLabel('Password', { exact: true }).fill(NEW_ADMIN.password);
    await modal.getByLabel('Konfirmasi password').fill(NEW_ADMIN.password);
    await modal.getByRole('button', { name: 'Buat sekolah' }).click();
    await toast(page, `Sekolah ${SCHOOL} berhasil dibuat.`).waitFor();
    await page.locator(`tr[data-school-name="${SCHOOL}"]`).waitFor();

    // Its page: a new school has its registration link from the start (its code made with it).
    await page.getByRole('link', { name: `Kelola ${SCHOOL}` }).click();
    await page.getByRole('heading', { name: SCHOOL, level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Buat tautan', exact: true }).count()).toBe(0);
    const link = page.getByTestId('registration-link');
    await link.waitFor();
    expect(await link.inputValue()).toMatch(
      new RegExp(`^${run.server.url.replace(/[.]/g, '\\.')}/register\\?school=[\\w-]{12}$`),
    );
    await page
      .locator('[data-testid="school-admins-table"] tr[data-user-email]')
      .filter({ hasText: 'Budi Santoso' })
      .waitFor();
    await page.addStyleTag({ content: HIDE_TOASTS });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/district-school-1366.png`, fullPage: true });

    // The district admin's device neither pulled, pushed nor polled a school's data.
    expect(calls.filter((path) => path.startsWith('/api/sync/'))).toEqual([]);
    expect(calls).not.toContain('/api/announcements/unread-count');
    expect(calls).toContain('/api/district/schools');
    await context.close();
    expect(run.problems).toEqual([]);
  });

  it('the district screens fit a 390 px phone', async () => {
    const { context, page } = await openPageAt(run, 390, { csp: true });
    await signInAsDistrict(page);
    await page.locator(`tr[data-school-name="${SCHOOL}"]`).waitFor();
    const id = await page.evaluate(
      (name) =>
        document
          .querySelector(`tr[data-school-name="${name}"] a[href^="/district/schools/"]`)
          ?.getAttribute('href'),
      SCHOOL,
    );
    const wide: Record<string, number> = {};
    for (const path of ['/district', '/district/schools', id, `${id}/analytics`]) {
      await page.goto(`${run.server.url}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const excess = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (excess > 0) wide[path ?? ''] = excess;
    }
    expect(wide).toEqual({});
    await context.close();
  });

  it("the new school's admin signs in on a phone to an empty school", async () => {
    const { context, page } = await openPageAt(run, 390, { csp: true });
    await logInAt(page, run.server.url, NEW_ADMIN);
    await page.getByText('Selamat datang, Budi Santoso').waitFor();
    await expect.poll(() => lastSyncDone(page), { timeout: 20_000 }).toBe(true);
    // The device holds no row of the demo school: no report, area, item or announcement, and
    // of the users only this admin.
    for (const store of [
      'reports',
      'areas',
      'categories',
      'inventory_items',
      'stock_transactions',
      'item_requests',
      'announcements',
    ]) {
      expect(await storeCount(page, store), store).toBe(0);
    }
    expect(await storeCount(page, 'users')).toBe(1);
    await page.goto(`${run.server.url}/admin/areas`);
    await page.getByRole('heading', { name: 'Area & Kategori', level: 1 }).waitFor();
    await page.locator('[data-testid="areas-table"]').getByText('Tidak ada data.').waitFor();
    await page.goto(`${run.server.url}/admin/users`);
    const users = page.locator('[data-testid="users-table"] tbody tr[data-user-email]');
    await expect
      .poll(() => users.allTextContents())
      .toEqual([expect.stringContaining('Budi Santoso')]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/district-new-admin-390.png`, fullPage: true });
    await context.close();
    expect(run.problems).toEqual([]);
  });
});
