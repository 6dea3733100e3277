/**
 * The admin's report list on a phone (issue 45 items 6 and 7): the nine filters and the role
 * explorer fold behind one "Filter (n)" button, a disclosure with its focus and Escape, while a
 * desktop keeps them open; the export keeps its label beside its select; every control is a
 * finger's size; and each report shows its readable number, which the search finds. Both
 * languages. Screenshots in web/screenshots.
 *
 * Needs `npx turbo run build --filter=@urs/web --filter=@urs/scripts` first.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, apiToken, logInAt, openPageAt, smallTargets } from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';

const run = shareServerAndBrowser();

const TEXTS = {
  id: {
    toggle: 'Filter',
    toggleWith: (n: number) => `Filter (${n})`,
    role: 'Peran pelapor',
    status: 'Status',
    apply: 'Terapkan',
    search: 'Cari',
    scope: 'Cakupan ekspor',
    number: 'Nomor laporan',
  },
  en: {
    toggle: 'Filters',
    toggleWith: (n: number) => `Filters (${n})`,
    role: 'Reporter role',
    status: 'Status',
    apply: 'Apply',
    search: 'Search',
    scope: 'Export scope',
    number: 'Report number',
  },
} as const;
type Language = keyof typeof TEXTS;

/** The admin's saved language, which the next sign-in applies. */
async function setLanguage(language: Language): Promise<void> {
  const token = await apiToken(run.server.url, ADMIN);
  const res = await fetch(`${run.server.url}/api/profile/preferences`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ preferred_language: language }),
  });
  expect(res.status).toBe(200);
}

const rows = (page: Page) =>
  page.locator('[data-testid="report-list-table"] tbody tr[data-report-id]');
const toggle = (page: Page) => page.locator('.report-list-filter-toggle');
const filtersForm = (page: Page) => page.locator('form.report-list-filters');

async function openList(width: number, language: Language) {
  await setLanguage(language);
  const { context, page } = await openPageAt(run, width);
  await logInAt(page, run.server.url, ADMIN);
  await page.goto(`${run.server.url}/reports`);
  await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(15);
  await page.waitForLoadState('networkidle');
  return { context, page };
}

/** The vertical middle of an element's box. */
async function middle(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).boundingBox();
  if (box === null) throw new Error(`${selector} is not shown`);
  return box.y + box.height / 2;
}

describe('the report list on a phone', () => {
  for (const language of ['id', 'en'] as const) {
    it(`folds the filters behind one button at 390 px, in ${language}`, async () => {
      const x = TEXTS[language];
      const { context, page } = await openList(390, language);

      // Folded: one button, the first report right under it.
      await expect.poll(() => toggle(page).textContent()).toBe(x.toggle);
      expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
      expect(await filtersForm(page).isVisible()).toBe(false);
      expect(await page.locator('[data-testid="role-explorer"]').isVisible()).toBe(false);
      const firstRow = await rows(page).first().boundingBox();
      const toggleBox = await toggle(page).boundingBox();
      expect(toggleBox?.height).toBeGreaterThanOrEqual(44);
      // Before: about 1,100 px of filters and the explorer stood above it (see it opened below).
      expect(firstRow?.y).toBeLessThan(600);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/report-list-390-folded-${language}.png` });

      // The export keeps its label beside its select.
      expect(
        Math.abs(
          (await middle(page, 'label[for="report-list-scope"]')) -
            (await middle(page, '#report-list-scope')),
        ),
      ).toBeLessThan(4);

      // Every report shows its number.
      const numbers = await rows(page).locator('[data-testid="report-number"]').allTextContents();
      expect(numbers).toHaveLength(15);
      for (const number of numbers) expect(number).toMatch(/^LAP-\d{4}-\d{6}$/);

      // Opening moves the focus to the first filter; every control is a finger's size.
      await toggle(page).click();
      expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
      await filtersForm(page).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('report-list-role');
      expect(await page.getByLabel(x.role).isVisible()).toBe(true);
      await page.locator('[data-testid="role-explorer"] [data-user-id]').first().waitFor();
      expect(await smallTargets(page)).toEqual([]);
      const opened = await rows(page).first().boundingBox();
      console.log(
        `[figure] ${language} 390 px: first report at y=${firstRow?.y} px folded, ${opened?.y} px open`,
      );
      await page.screenshot({ path: `${SCREENSHOT_DIR}/report-list-390-open-${language}.png` });

      // Escape closes it and gives the focus back to the button.
      await page.keyboard.press('Escape');
      expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
      expect(await filtersForm(page).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.className)).toContain(
        'report-list-filter-toggle',
      );

      // Applying closes it too; the button counts what is in force.
      await toggle(page).click();
      await page.getByLabel(x.status, { exact: true }).selectOption('pending');
      await page.getByLabel(x.search, { exact: true }).fill(numbers[0]?.slice(0, 8) ?? '');
      await page.getByRole('button', { name: x.apply }).click();
      await expect.poll(() => toggle(page).textContent()).toBe(x.toggleWith(2));
      expect(await filtersForm(page).isVisible()).toBe(false);
      expect(new URL(page.url()).searchParams.get('status')).toBe('pending');
      await page.screenshot({ path: `${SCREENSHOT_DIR}/report-list-390-filtered-${language}.png` });
      await context.close();
    }, 90_000);
  }

  it('finds a report by its number, whole or by its last digits', async () => {
    const { context, page } = await openList(390, 'id');
    const number =
      (await rows(page).nth(3).locator('[data-testid="report-number"]').textContent()) ?? '';
    const id = await rows(page).nth(3).getAttribute('data-report-id');
    for (const q of [number, number.slice(-6)]) {
      await page.goto(`${run.server.url}/reports?q=${encodeURIComponent(q)}`);
      await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(1);
      expect(await rows(page).first().getAttribute('data-report-id')).toBe(id);
      await expect.poll(() => toggle(page).textContent()).toBe('Filter (1)');
    }
    // Its detail shows it as the report's number.
    await page.goto(`${run.server.url}/reports/${id}`);
    await page.getByText(TEXTS.id.number, { exact: true }).waitFor();
    await page.getByText(number, { exact: true }).waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report-detail-number-390.png` });
    await context.close();
  }, 90_000);

  for (const language of ['id', 'en'] as const) {
    it(`keeps the filters and the explorer open on a desktop, in ${language}`, async () => {
      const x = TEXTS[language];
      const { context, page } = await openList(1366, language);
      expect(await toggle(page).isVisible()).toBe(false);
      expect(await filtersForm(page).isVisible()).toBe(true);
      expect(await page.locator('[data-testid="role-explorer"]').isVisible()).toBe(true);
      // Side by side, as before: the explorer to the right of the filters.
      const form = await filtersForm(page).boundingBox();
      const explorer = await page.locator('[data-testid="role-explorer"]').boundingBox();
      expect(explorer?.x ?? 0).toBeGreaterThan((form?.x ?? 0) + (form?.width ?? 0) - 1);
      // Escape does nothing to a panel that never folds.
      await page.getByLabel(x.role).focus();
      await page.keyboard.press('Escape');
      expect(await filtersForm(page).isVisible()).toBe(true);
      expect(
        Math.abs(
          (await middle(page, 'label[for="report-list-scope"]')) -
            (await middle(page, '#report-list-scope')),
        ),
      ).toBeLessThan(4);
      await page.getByText(x.scope).waitFor();
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/report-list-1366-${language}.png`,
        fullPage: true,
      });
      await context.close();
    }, 90_000);
  }

  it('left no errors in the pages', () => {
    expect(run.problems).toEqual([]);
  });
});
