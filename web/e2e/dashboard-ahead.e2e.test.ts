import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServerAndBrowser, stopServerAndBrowser, type RunningServer } from './harness.js';
import { ADMIN, HIDE_TOASTS, logInAt, watchForProblems } from './app-kit.js';
import { layoutShifts, recordLayoutShifts } from './layout-shifts.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

/** The app's entry, not the starter that imports it after the first paint. */
const ENTRY = /\/assets\/index-(?!start-)[\w-]+\.js$/;
const FRAME = '#signed-in-ahead';

/**
 * A signed-in device: a context that has signed in once. Service workers are blocked so every
 * script comes from the network, where the test can hold the entry back.
 */
async function signedInContext(width: number, language?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await logInAt(page, server.url, ADMIN);
  if (language !== undefined) {
    await page.evaluate((lang) => localStorage.setItem('urs_language', lang), language);
  }
  await page.close();
  return context;
}

/** Opens `/` with the entry held until `release()`, recording layout shifts from the start. */
async function openHeld(page: Page, url = `${server.url}/`): Promise<{ release: () => void }> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  // What moved: the parts the frame drew ahead by name, anything else by its place in the tree.
  await recordLayoutShifts(page, '.topbar > .icon-button, .topbar-title, .page-title, .greeting');
  await page.goto(url, { waitUntil: 'commit' });
  return { release };
}

const boxOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).boundingBox();
  if (box === null) throw new Error(`${selector} is not drawn`);
  return box;
};

describe('the signed-in dashboard is drawn before its scripts arrive', () => {
  for (const width of [390, 1366]) {
    it(`shows the stored user's greeting at ${width} px, and the live dashboard puts it at the same place without a shift`, async () => {
      const context = await signedInContext(width);
      const page = await context.newPage();
      const problems: string[] = [];
      await watchForProblems(page, problems);
      const { release } = await openHeld(page);
      const greetingAhead = `${FRAME} .greeting`;
      await page.locator(greetingAhead).waitFor();
      expect(await page.locator(greetingAhead).textContent()).toMatch(/^Selamat datang, \S/);
      expect(await page.locator(greetingAhead).textContent()).not.toContain('%NAME%');
      await page.addStyleTag({ content: HIDE_TOASTS });
      const ahead = await page.screenshot();
      const frameBox = await boxOf(page, greetingAhead);
      const frameTitle = await boxOf(page, `${FRAME} .page-title`);
      release();
      await page.locator(FRAME).waitFor({ state: 'detached' });
      const live = page.locator('#root .greeting');
      await live.waitFor();
      expect(await live.textContent()).toBe(
        await page.evaluate(() => {
          const user = JSON.parse(localStorage.getItem('urs_user') ?? '{}') as { name: string };
          return `Selamat datang, ${user.name}`;
        }),
      );
      expect(await boxOf(page, '#root .greeting')).toEqual(frameBox);
      expect(await boxOf(page, '#root .page-title')).toEqual(frameTitle);
      await page.waitForLoadState('load');
      // DASHBOARD_SHOTS_DIR keeps what was drawn ahead and the live screen, for a reviewer.
      const shots = process.env['DASHBOARD_SHOTS_DIR'];
      if (shots !== undefined) {
        writeFileSync(path.join(shots, `dashboard-${width}-drawn-ahead.png`), ahead);
        writeFileSync(path.join(shots, `dashboard-${width}-live.png`), await page.screenshot());
      }
      // The live dashboard moves a little of its own below the greeting as its data arrives
      // (the latest reports, the week's figures, the sync badge: it did before the frame existed).
      // What was drawn ahead never moves, nor does anything when the frame goes.
      const shifts = await layoutShifts(page);
      expect(
        shifts.flatMap((shift) => shift.moved).filter(({ node }) => node.startsWith('drawn')),
      ).toEqual([]);
      expect(shifts.reduce((sum, shift) => sum + shift.value, 0)).toBeLessThan(0.02);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('is not shown to a visitor who is not signed in, who goes on to the login page', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const problems: string[] = [];
    await watchForProblems(page, problems);
    const { release } = await openHeld(page);
    await page.waitForLoadState('domcontentloaded');
    expect(await page.locator(FRAME).count()).toBe(0);
    release();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is not shown on another page, nor to a device in English (the frame is Indonesian)', async () => {
    const context = await signedInContext(390, 'en');
    for (const url of [`${server.url}/`, `${server.url}/announcements`]) {
      const page = await context.newPage();
      const { release } = await openHeld(page, url);
      await page.waitForLoadState('domcontentloaded');
      expect(await page.locator(FRAME).count(), url).toBe(0);
      release();
      await page.locator('#root h1').waitFor();
      await page.close();
    }
    await context.close();
  });
});
