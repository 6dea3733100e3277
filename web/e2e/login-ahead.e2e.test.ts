import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { shareServerAndBrowser, type RunningServer } from './harness.js';
import { ADMIN, HIDE_TOASTS, watchForProblems } from './app-kit.js';
import { layoutShifts, recordLayoutShifts } from './layout-shifts.js';
import { firstFrames, recordFirstFrames, slowCpu } from './first-frames.js';

let server: RunningServer;
let browser: Browser;

shareServerAndBrowser((run) => ({ server, browser } = run));

/**
 * Opens `/login` with the app's entry script held back until `release()`: what a visitor on a
 * slow line sees and can do before the scripts arrive. Layout shifts are recorded from the start,
 * and so are the first frames, painted on a slowed CPU (where a half-parsed form was once
 * painted first and then grew and moved).
 */
async function openWithScriptsHeld(page: Page): Promise<{ release: () => void }> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Any shift names what moved, with its boxes: the form drawn ahead as such, else the node.
  await recordLayoutShifts(page, '#prerendered');
  // The app's root follows the form drawn ahead: parsed, the form was whole.
  await recordFirstFrames(page, '#root');
  const fullSpeed = await slowCpu(page);
  await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Masuk' }).waitFor();
  await page.waitForFunction(
    () => (window as unknown as { firstFrames: unknown[] }).firstFrames.length >= 5,
  );
  await fullSpeed();
  return { release };
}

const liveFormShown = (page: Page) => page.locator('#prerendered').waitFor({ state: 'detached' });

/**
 * Screenshots the page drawn ahead (scripts held), lets the app take over, and returns both
 * once the live frame has settled: on a loaded machine it can still be settling (a stylesheet,
 * a repaint), so it is taken again until it equals the first or time runs out.
 */
async function drawnAheadAndLive(
  page: Page,
  whileHeld: () => Promise<void> = () => Promise.resolve(),
): Promise<{ ahead: Buffer; live: Buffer }> {
  const { release } = await openWithScriptsHeld(page);
  await page.addStyleTag({ content: HIDE_TOASTS });
  const ahead = await page.screenshot({ fullPage: true });
  await whileHeld();
  release();
  await liveFormShown(page);
  // The app's first frame also waits for the screen's stylesheet and the favicon.
  await page.waitForLoadState('load');
  let live = await page.screenshot({ fullPage: true });
  await expect
    .poll(
      async () => {
        live = await page.screenshot({ fullPage: true });
        return Buffer.compare(ahead, live);
      },
      { timeout: 10_000 },
    )
    .toBe(0);
  return { ahead, live };
}

/** LOGIN_SHOTS_DIR keeps the two screenshots compared, for a reviewer to look at. */
function keepShots(name: string, { ahead, live }: { ahead: Buffer; live: Buffer }): void {
  const shots = process.env['LOGIN_SHOTS_DIR'];
  if (shots === undefined) return;
  writeFileSync(path.join(shots, `${name}-drawn-ahead.png`), ahead);
  writeFileSync(path.join(shots, `${name}-live.png`), live);
}

describe('the login page is drawn before its scripts arrive', () => {
  for (const width of [390, 1366]) {
    it(`looks the same at ${width} px before and after the app takes over, without a shift`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      const problems: string[] = [];
      await watchForProblems(page, problems);
      keepShots(`login-${width}`, await drawnAheadAndLive(page));
      // The first paint holds the whole form, in the default theme, and nothing moves after it.
      expect(await firstFrames(page)).toEqual(Array(5).fill({ whole: true, theme: 'dark' }));
      expect(await layoutShifts(page)).toEqual([]);
      // Linked in the page's head: installable whether or not a script has run.
      expect(await page.getAttribute('link[rel="manifest"]', 'href')).toBe('/manifest.webmanifest');
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  /** Each theme's page background (--bg in src/styles.css). */
  const BACKGROUND = { light: 'rgb(243, 245, 249)', cream: 'rgb(246, 240, 228)' } as const;

  for (const [theme, width] of [
    ['light', 390],
    ['light', 1366],
    ['cream', 390],
    ['cream', 1366],
  ] as const) {
    it(`is drawn in the stored ${theme} theme at ${width} px, and the app takes over without a repaint`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      const problems: string[] = [];
      // A CSP that refused the inline theme script would show up here as a violation.
      await watchForProblems(page, problems);
      await page.addInitScript((stored) => localStorage.setItem('urs_theme', stored), theme);
      const drawnIn = { theme: '', background: '' };
      const shots = await drawnAheadAndLive(page, async () => {
        Object.assign(
          drawnIn,
          await page.evaluate(() => ({
            theme: document.documentElement.dataset['theme'] ?? '',
            background: getComputedStyle(document.body).backgroundColor,
          })),
        );
      });
      keepShots(`login-${width}-${theme}`, shots);
      // Painted in the stored theme before any of the app's scripts ran, from the first paint on.
      expect(drawnIn).toEqual({ theme, background: BACKGROUND[theme] });
      expect(await firstFrames(page)).toEqual(Array(5).fill({ whole: true, theme }));
      expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe(theme);
      expect(await layoutShifts(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('evaluates React DOM apart from the entry: a chunk of its own, asked for after the login screen’s', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    await watchForProblems(page, problems);
    const requested: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === 'script' && path.startsWith('/assets/')) requested.push(path);
    });
    await page.goto(`${server.url}/login`);
    await liveFormShown(page);
    await page.waitForLoadState('networkidle');
    const at = (file: RegExp) => requested.findIndex((path) => file.test(path));
    const rootAt = at(/\/assets\/react-root-[\w-]+\.js$/);
    expect(rootAt).toBeGreaterThan(at(/\/assets\/login-screen-[\w-]+\.js$/));
    const entry = requested[at(/\/assets\/index-[\w-]+\.js$/)];
    const code = await (await page.request.get(`${server.url}${entry ?? ''}`)).text();
    // Rolldown's static imports (`import{a as b}from"./x.js";`, `import"./x.js";`): the entry's
    // evaluation includes theirs. React DOM's chunk is only imported dynamically.
    const imports = [...code.matchAll(/\bimport\s*(?:\{[^}]*\}\s*from\s*)?"(\.\/[^"]+)"/g)];
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter(([, file]) => file?.includes('react-root'))).toEqual([]);
    expect(/import\([`"]\.\/react-root-[\w-]+\.js[`"]\)/.test(code)).toBe(true);
    // React DOM itself is in that chunk (about 200 KB), not in one the entry loads statically.
    const root = await (await page.request.get(`${server.url}${requested[rootAt] ?? ''}`)).text();
    expect(root.length).toBeGreaterThan(150_000);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps what was typed and sends a press made before the scripts arrived', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    await watchForProblems(page, problems);
    const { release } = await openWithScriptsHeld(page);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    // Nothing was posted to the server: still the login page, scripts still held.
    expect(new URL(page.url()).pathname).toBe('/login');
    release();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Selamat datang, ').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('switches to English for a visitor who chose it, without a hydration error or a shift', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    await watchForProblems(page, problems);
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    await page.addInitScript(() => localStorage.setItem('urs_language', 'en'));
    const { release } = await openWithScriptsHeld(page);
    release();
    await liveFormShown(page);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('heading').count()).toBe(1);
    expect(await layoutShifts(page)).toEqual([]);
    expect(problems).toEqual([]);
    // The English of the server's refusals is loaded after the screen, not before it. (The
    // refused request is logged to the console by the browser, hence after the check above.)
    await page.getByLabel('Email').fill('siti.aminah@urs.sch.id');
    await page.getByLabel('Password', { exact: true }).fill('not-her-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Wrong email or password.').first().waitFor();
    expect(await page.getByText('Email atau password salah.').count()).toBe(0);
    await page.close();
  });
});
