/**
 * The admin's online side of jobs (issue 40) in a real browser against the seeded demo, whose
 * reports are jobs: the report list's assignee, priority and overdue filters and columns, and
 * the analytics' work per person, at a desktop's and a phone's width.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, HIDE_TOASTS, logInAt, openPageAt, pageApiGet } from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';

const run = shareServerAndBrowser();

interface ListBody {
  data: { id: string; overdue: boolean; priority: string; assignee: { id: string } | null }[];
  meta: { total: number };
}
interface JobsBody {
  data: { jobs: { open: number; overdue: number; unassigned: number; per_person: unknown[] } };
}

const rowsOf = (page: Page) =>
  page.locator('[data-testid="report-list-table"] tbody tr[data-report-id]');
const rowData = (page: Page, key: string) =>
  rowsOf(page).evaluateAll((rows, name) => rows.map((row) => row.dataset[name]), key);

/** Waits for the list to show the API's answer to `query`, and gives that answer. */
async function listShows(page: Page, query: string): Promise<ListBody> {
  const expected = await pageApiGet<ListBody>(page, run.server.url, `/api/reports?${query}`);
  await page.getByText(new RegExp(`· ${expected.meta.total} data`)).waitFor();
  await expect.poll(() => rowData(page, 'reportId')).toEqual(expected.data.map((row) => row.id));
  return expected;
}

describe('the admin report list and analytics with jobs', () => {
  it('filters by overdue, the unassigned queue and priority, and shows each job', async () => {
    const { page } = await openPageAt(run, 1366);
    await logInAt(page, run.server.url, ADMIN);
    await page.locator('.rp-card').first().waitFor({ timeout: 20_000 });
    await page.addStyleTag({ content: HIDE_TOASTS });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-admin-1366.png`, fullPage: true });
    await page.goto(`${run.server.url}/reports`);
    await expect.poll(() => rowsOf(page).count(), { timeout: 20_000 }).toBe(15);

    await page.getByLabel('Hanya yang terlambat').check();
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('overdue')).toBe('true');
    const overdue = await listShows(page, 'overdue=true&per_page=15');
    // The seeded demo has overdue work: the filter is not vacuous.
    expect(overdue.meta.total).toBeGreaterThan(0);
    expect(new Set(await rowData(page, 'overdue'))).toEqual(new Set(['true']));
    expect(await page.locator('.report-list-overdue-badge').count()).toBe(overdue.data.length);
    await page.addStyleTag({ content: HIDE_TOASTS });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report-jobs-overdue-1366.png` });

    await page.getByLabel('Hanya yang terlambat').uncheck();
    await page.getByLabel('Petugas').selectOption({ label: 'Belum ditugaskan' });
    await page.getByRole('button', { name: 'Terapkan' }).click();
    const queue = await listShows(page, 'assignee_id=unassigned&per_page=15');
    expect(queue.meta.total).toBeGreaterThan(0);
    expect(new Set(await rowData(page, 'assigneeId'))).toEqual(new Set(['']));
    expect(await rowsOf(page).first().getByText('Belum ditugaskan').count()).toBe(1);

    await page.getByLabel('Petugas').selectOption('');
    await page.getByLabel('Prioritas').selectOption({ label: 'Mendesak' });
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await listShows(page, 'priority=urgent&per_page=15');
    expect(new Set(await rowData(page, 'priority'))).toEqual(new Set(['urgent']));

    // The job's columns leave every column, the row's actions last, in view on a desktop.
    const wrap = page.locator('.report-list-results .admin-table-wrap');
    await expect(wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).resolves.toBe(0);

    // A reload keeps the filters the URL holds.
    await page.reload();
    await expect(page.getByLabel('Prioritas').inputValue()).resolves.toBe('urgent');
    await listShows(page, 'priority=urgent&per_page=15');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report-jobs-list-1366.png`, fullPage: true });
    expect(run.problems).toEqual([]);
  });

  it('shows the work per person on the analytics screen, as the API counts it', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await openPageAt(run, width);
      await logInAt(page, run.server.url, ADMIN);
      await page.goto(`${run.server.url}/analytics`);
      const section = page.locator('section[aria-labelledby="analytics-jobs"]');
      await section.waitFor();
      const { data } = await pageApiGet<JobsBody>(page, run.server.url, '/api/analytics');
      const figure = (label: string) =>
        page
          .getByTestId('analytics-jobs-figures')
          .locator('.stat-card', { hasText: label })
          .locator('.stat-value')
          .first()
          .textContent();
      await expect(figure('Terbuka')).resolves.toBe(String(data.jobs.open));
      await expect(figure('Terlambat')).resolves.toBe(String(data.jobs.overdue));
      await expect(figure('Belum ditugaskan')).resolves.toBe(String(data.jobs.unassigned));
      const people = page.getByTestId('analytics-jobs-people').locator('tbody tr');
      expect(await people.count()).toBe(Math.min(10, data.jobs.per_person.length));
      await page.addStyleTag({ content: HIDE_TOASTS });
      await section.screenshot({ path: `${SCREENSHOT_DIR}/analytics-jobs-${width}.png` });
      await context.close();
    }
    expect(run.problems).toEqual([]);
  });

  it('fits the list, its filters and the dashboard on a phone', async () => {
    const { page } = await openPageAt(run, 390);
    await logInAt(page, run.server.url, ADMIN);
    await page.locator('.rp-card').first().waitFor({ timeout: 20_000 });
    await page.addStyleTag({ content: HIDE_TOASTS });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-admin-390.png`, fullPage: true });
    await page.goto(`${run.server.url}/reports?overdue=true`);
    await listShows(page, 'overdue=true&per_page=15');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report-jobs-list-390.png`, fullPage: true });
    expect(run.problems).toEqual([]);
  });
});
