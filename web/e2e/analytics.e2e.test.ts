import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { untilServiceWorkerControls } from './app-kit.js';
import { shareServerAndBrowser, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;
shareServerAndBrowser((run) => ({ server, browser } = run));

describe('analytics screen', () => {
  it('shows the server snapshot with charts, exports JSON, keeps the last snapshot offline, and reports a failure', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    // Offline, failed requests are logged by design; what must not happen is an uncaught error
    // or a CSP violation (recharts draws with inline styles, which the CSP allows).
    page.on('console', (msg) => {
      if (msg.text().includes('Content Security Policy')) problems.push(msg.text());
    });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill('admin@urs.sch.id');
    await page.getByLabel('Password', { exact: true }).fill('admin12345');
    await page.getByRole('button', { name: 'Masuk' }).click();
    await page.getByText('Selamat datang, ').waitFor();

    await page.goto(`${server.url}/analytics`);
    await page.getByRole('heading', { name: 'Analitik' }).waitFor();
    const total = page.locator('.stat-card', { hasText: 'Total laporan' }).locator('.stat-value');
    await expect(total.textContent()).resolves.toBe('60');
    await page.locator('.recharts-surface').first().waitFor();
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);
    await page.getByText('Produktivitas per peran').waitFor();
    fs.mkdirSync('screenshots', { recursive: true });
    await page.screenshot({ path: 'screenshots/analytics-1280.png', fullPage: true });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ekspor JSON' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(fs.readFileSync((await file.path()) ?? '', 'utf8')) as {
      reports: { total: number };
    };
    expect(exported.reports.total).toBe(60);

    // Offline, the last snapshot stays readable with its age shown: once the service worker
    // has installed and taken the page, as a real phone's would have by the time it loses signal.
    await untilServiceWorkerControls(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByText(/Anda sedang offline\. Menampilkan data terakhir dari/).waitFor();
    await expect(total.textContent()).resolves.toBe('60');
    await context.setOffline(false);

    // Online but the server fails: the spec's toast.
    await page.route('**/api/analytics', (route) =>
      route.fulfill({ status: 500, body: '{"message":"x"}', contentType: 'application/json' }),
    );
    await page.getByRole('button', { name: 'Muat ulang' }).click();
    await page.getByText('Tidak dapat memuat data analytics.').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
