/**
 * The "Versi baru tersedia" bar is no false alarm: a fresh phone profile signing in for the
 * first time (while its first service worker installs, with a reload in between) never sees it,
 * at 390 px and 1366 px; a real new version does show it, in the page's flow, never over a
 * form's main button.
 *
 * Needs `npm run build -w @urs/web` and `npx turbo run build --filter=@urs/scripts` first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CUSTODIAN, HIDE_TOASTS, watchForProblems } from './app-kit.js';
import { SCREENSHOT_DIR, launchBrowser, startServer, type RunningServer } from './harness.js';

const webDist = process.env['WEB_DIST_DIR'] ?? fileURLToPath(new URL('../dist', import.meta.url));

let copy: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // A copy of the build, so a test can publish a new sw.js without touching web/dist.
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-e2e-dist-'));
  fs.cpSync(webDist, copy, { recursive: true });
  server = await startServer({ WEB_DIST_DIR: copy });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (copy !== undefined) fs.rmSync(copy, { recursive: true, force: true });
});

/** Settled: the worker controls the page and no worker is installing or waiting. */
async function workerSettled(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return (
      navigator.serviceWorker.controller !== null &&
      registration?.installing === null &&
      registration.waiting === null &&
      registration.active?.state === 'activated'
    );
  });
}

async function fillLogin(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(CUSTODIAN.email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTODIAN.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.getByText('Selamat datang, ').waitFor();
}

/** A new profile (no worker, no caches, no IndexedDB) at a phone or desktop width. */
async function freshProfile(width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 800 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  await watchForProblems(page, problems);
  return { context, page, problems };
}

describe('the update bar', () => {
  for (const width of [390, 1366]) {
    it(`does not appear on a first sign-in in a fresh profile at ${width} px`, async () => {
      const { context, page, problems } = await freshProfile(width);
      await page.goto(`${server.url}/login`);
      // A second load while the first worker is still installing (a tap on a link, a pull to
      // refresh): this page never saw the worker's updatefound and is not controlled yet.
      await page.waitForFunction(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.installing !== null && registration?.installing !== undefined;
      });
      await page.reload();
      await page.getByLabel('Email').waitFor();
      await fillLogin(page);
      await workerSettled(page);
      // The worker's own events (controllerchange, statechange) have all been delivered once
      // it is settled; give the page one more round-trip to draw anything they caused.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      await page.getByText('Selamat datang, ').waitFor();
      expect(await page.locator('.pwa-banner').count()).toBe(0);

      // Nor on the next start of the installed app.
      await page.reload();
      await page.getByText('Selamat datang, ').waitFor();
      await workerSettled(page);
      expect(await page.locator('.pwa-banner').count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const width of [390, 1366]) {
    it(`shows a real new version in the page's flow, clear of "Simpan laporan", at ${width} px`, async () => {
      const { context, page, problems } = await freshProfile(width);
      await page.goto(`${server.url}/login`);
      await fillLogin(page);
      await workerSettled(page);
      await page.goto(`${server.url}/reports/create`);
      const save = page.getByRole('button', { name: 'Simpan laporan' });
      await save.waitFor();

      fs.appendFileSync(path.join(copy, 'sw.js'), `\n// next version ${Date.now()}\n`);
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.ready).update();
      });
      const banner = page.locator('.pwa-banner');
      await banner.getByText('Versi baru tersedia.').waitFor();
      // Scrolled to the end of the form, as a user about to save is.
      await save.scrollIntoViewIfNeeded();
      const [bar, button] = await Promise.all([banner.boundingBox(), save.boundingBox()]);
      if (bar === null || button === null) throw new Error('banner or button not drawn');
      const overlaps =
        bar.x < button.x + button.width &&
        button.x < bar.x + bar.width &&
        bar.y < button.y + button.height &&
        button.y < bar.y + bar.height;
      expect(overlaps).toBe(false);
      // Clicking the button reaches it, not a bar on top.
      const hit = await save.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return top !== null && el.contains(top);
      });
      expect(hit).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.addStyleTag({ content: HIDE_TOASTS });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `update-bar-${width}.png`) });
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
