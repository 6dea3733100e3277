/**
 * The admin report list in a real browser against the seeded demo (60 reports): URL filters
 * that survive a reload, server paging, the role explorer, the Excel export, and deleting.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, logInAt, pageApiGet, openPage } from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

shareServerAndBrowser((run) => ({ server, browser } = run));

const problems: string[] = [];

const newPage = () =>
  openPage(browser, problems, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });

const logIn = (page: Page) => logInAt(page, server.url, ADMIN);

interface ListBody {
  data: { id: string; status: string; reporter: { id: string; role: string } }[];
  meta: { total: number; last_page: number };
}

const apiGet = <T>(page: Page, path: string) => pageApiGet<T>(page, server.url, path);

const rowsOf = (page: Page) =>
  page.locator('[data-testid="report-list-table"] tbody tr[data-report-id]');
const search = (page: Page) => new URL(page.url()).searchParams;

describe('admin report list in a real browser', () => {
  it('filters via the URL, pages, explores by role, exports and deletes', async () => {
    const { context, page } = await newPage();
    await logIn(page);
    await page.goto(`${server.url}/reports`);
    const rows = rowsOf(page);
    const results = page.locator('.report-list-results');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(15);
    await page.getByText(/Halaman 1 dari 4 · 60 data/).waitFor();
    await page.locator('[data-testid="role-explorer"] [data-user-id]').first().waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report-list-1280.png`, fullPage: true });

    // Paging: the next page is page 2, in the URL too.
    const pager = page.getByRole('navigation', { name: 'Halaman daftar laporan' });
    await pager.getByRole('button').nth(1).click();
    await page.getByText(/Halaman 2 dari 4 · 60 data/).waitFor();
    expect(search(page).get('page')).toBe('2');
    await expect.poll(() => rows.count()).toBe(15);

    // Sorting toggle: oldest first puts the order in the URL.
    await page.getByRole('button', { name: 'Urutkan menurut tanggal dibuat' }).click();
    await expect.poll(() => search(page).get('order')).toBe('asc');
    const apiOldest = await apiGet<ListBody>(page, '/api/reports?per_page=1&order=asc');
    await expect
      .poll(() => rows.first().getAttribute('data-report-id'))
      .toBe(apiOldest.data[0]?.id);
    await page.getByRole('button', { name: 'Urutkan menurut tanggal dibuat' }).waitFor();
    expect(await page.getByText('Terlama dulu').count()).toBe(1);

    // Filters by status and role: applied to the URL, the rows, and kept after a reload.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption('pending');
    await page.getByLabel('Peran pelapor').selectOption('technician');
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await expect.poll(() => search(page).get('status')).toBe('pending');
    expect(search(page).get('role')).toBe('technician');
    const expected = await apiGet<ListBody>(
      page,
      '/api/reports?status=pending&role=technician&per_page=15',
    );
    await page.getByText(new RegExp(`· ${expected.meta.total} data`)).waitFor();
    const check = async () => {
      const statuses = await rows.evaluateAll((r) => r.map((x) => x.dataset['status']));
      const roles = await rows.evaluateAll((r) => r.map((x) => x.dataset['role']));
      expect(statuses.every((s) => s === 'pending')).toBe(true);
      expect(roles.every((s) => s === 'technician')).toBe(true);
      expect(statuses.length).toBe(Math.min(15, expected.meta.total));
    };
    await check();
    await page.reload();
    await page.getByText(new RegExp(`· ${expected.meta.total} data`)).waitFor();
    await check();
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('pending');
    expect(await page.getByLabel('Peran pelapor').inputValue()).toBe('technician');

    // Role explorer: counts match the API; a user's detail pages their reports; from it the
    // table filters to them.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => search(page).get('status')).toBeNull();
    await page.getByLabel('Peran', { exact: true }).selectOption('custodian');
    const byRole = await apiGet<{ data: { id: string; name: string; report_count: number }[] }>(
      page,
      '/api/reports/by-role?role=custodian',
    );
    const person = byRole.data.find((u) => u.report_count > 0);
    expect(person).toBeDefined();
    if (person === undefined) return;
    const button = page.locator(`[data-testid="role-explorer"] [data-user-id="${person.id}"]`);
    await button.waitFor();
    expect(await button.textContent()).toContain(`${person.report_count} laporan`);
    await button.click();
    const detail = page.getByTestId('explorer-user');
    await detail.getByRole('heading', { name: `Laporan ${person.name}` }).waitFor();
    const detailRows = detail.locator('li[data-report-id]');
    await expect.poll(() => detailRows.count()).toBe(Math.min(5, person.report_count));
    const theirs = await apiGet<ListBody>(
      page,
      `/api/reports?reporter_id=${person.id}&per_page=5&page=1`,
    );
    expect(await detailRows.evaluateAll((r) => r.map((x) => x.dataset['reportId']))).toEqual(
      theirs.data.map((r) => r.id),
    );
    const detailPager = page.getByRole('navigation', { name: `Halaman laporan ${person.name}` });
    await detailPager
      .getByText(`Halaman 1 dari ${theirs.meta.last_page}`, { exact: false })
      .waitFor();
    if (theirs.meta.last_page > 1) {
      await detailPager.getByRole('button', { name: 'Berikutnya' }).click();
      await detailPager.getByText('Halaman 2 dari', { exact: false }).waitFor();
      const second = await apiGet<ListBody>(
        page,
        `/api/reports?reporter_id=${person.id}&per_page=5&page=2`,
      );
      await expect
        .poll(() => detailRows.evaluateAll((r) => r.map((x) => x.dataset['reportId'])))
        .toEqual(second.data.map((r) => r.id));
    }
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/report-list-explorer-1280.png`,
      fullPage: true,
    });
    await detail.getByRole('button', { name: 'Tampilkan di tabel' }).click();
    await expect.poll(() => search(page).get('reporter_id')).toBe(person.id);
    await results.getByText(new RegExp(`· ${person.report_count} data`)).waitFor();
    const reporters = await rows.evaluateAll((r) => r.map((x) => x.dataset['reporterId']));
    expect(reporters.length).toBe(Math.min(15, person.report_count));
    expect(reporters.every((id) => id === person.id)).toBe(true);
    await page.getByTestId('reporter-chip').getByText(person.name).waitFor();
    await page.getByRole('button', { name: `Hapus filter ${person.name}` }).click();
    await expect.poll(() => search(page).get('reporter_id')).toBeNull();
    await results.getByText(/· 60 data/).waitFor();
    await detail.getByRole('button', { name: 'Kembali ke daftar' }).click();
    await button.waitFor();

    // Export: a real .xlsx (a ZIP) downloaded with the token.
    await page.getByLabel('Cakupan ekspor').selectOption('all');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Ekspor Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // Delete: asks first, then the row is gone once the mutation is synced.
    const first = rows.first();
    const id = await first.getAttribute('data-report-id');
    expect(id).not.toBeNull();
    await first.getByRole('button', { name: /^Hapus / }).click();
    const confirm = page.getByRole('dialog', { name: 'Hapus laporan?' });
    await confirm.getByText('Aksi ini tidak bisa dibatalkan').waitFor();
    await confirm.getByRole('button', { name: 'Hapus', exact: true }).click();
    await expect
      .poll(() => page.locator(`tr[data-report-id="${id ?? ''}"]`).count(), { timeout: 20_000 })
      .toBe(0);
    await page.getByText(/· 59 data/).waitFor({ timeout: 20_000 });
    const after = await apiGet<ListBody>(page, '/api/reports?per_page=1');
    expect(after.meta.total).toBe(59);

    // A failed load shows the catalogue toast (§8).
    await page.route(/\/api\/reports\?/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom"}' }),
    );
    await page.getByRole('button', { name: 'Urutkan menurut tanggal dibuat' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Gagal mengambil data laporan' })
      .first()
      .waitFor();
    await page.unroute(/\/api\/reports\?/);

    await context.close();
    expect(problems).toEqual([]);
  }, 120_000);
});
