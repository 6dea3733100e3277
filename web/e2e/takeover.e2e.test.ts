/**
 * The pages drawn ahead (login/index.html's form, index.html's signed-in frame) are replaced by
 * the screen the visitor ends on without a blank page between them, also when that screen is
 * not the one drawn ahead: main.tsx removes them only once the router has drawn its first
 * route. Recorded frame by frame (an animation frame callback sees what its frame paints), at a
 * 10x CPU slowdown so the start-up's steps span many frames.
 *
 * Needs `npm run build -w @urs/web` and `npx turbo run build --filter=@urs/scripts` first.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, logInAt, watchForProblems } from './app-kit.js';
import { slowCpu } from './first-frames.js';
import { shareServerAndBrowser, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

shareServerAndBrowser((run) => ({ server, browser } = run));

interface Frames {
  /** Frames painted with nothing to read, after the first that had something. */
  blankAfterContent: number;
  /** Frames recorded (a safety check that the recorder ran through the start-up). */
  recorded: number;
  /** Frames that showed the signed-in frame drawn ahead. */
  withSignedInFrame: number;
}

/** Records, every frame of the next navigation, whether the page shows any text. */
async function recordBlankFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const frames = { blankAfterContent: 0, recorded: 0, withSignedInFrame: 0 };
    (window as unknown as { takeoverFrames: Frames }).takeoverFrames = frames;
    let seen = false;
    const record = () => {
      const text = document.body?.innerText.trim() ?? '';
      frames.recorded += 1;
      const ahead = document.getElementById('signed-in-ahead');
      if (ahead !== null && !ahead.hidden) frames.withSignedInFrame += 1;
      if (text !== '') seen = true;
      else if (seen) frames.blankAfterContent += 1;
      if (frames.recorded < 2000) requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
}

const framesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { takeoverFrames: Frames }).takeoverFrames);

/** A device that has signed in once; service workers blocked so every start is a first load. */
async function signedInDevice(): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await logInAt(page, server.url, ADMIN);
  await page.close();
  return context;
}

describe('the pages drawn ahead give way to the screen without a blank page', () => {
  it('a signed-in visitor opening /login sees the form drawn ahead, then the dashboard', async () => {
    const context = await signedInDevice();
    const page = await context.newPage();
    const problems: string[] = [];
    await watchForProblems(page, problems);
    await recordBlankFrames(page);
    const fullSpeed = await slowCpu(page);
    await page.goto(`${server.url}/login`);
    await page.locator('#root .greeting').waitFor({ timeout: 30_000 });
    await fullSpeed();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.locator('#prerendered').count()).toBe(0);
    const frames = await framesOf(page);
    expect(frames.recorded).toBeGreaterThan(5);
    expect(frames.blankAfterContent).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a device whose stored session the server refuses sees the signed-in frame, then the login screen', async () => {
    const context = await signedInDevice();
    const page = await context.newPage();
    // The same stored user, with a token the server no longer knows (set before the page's own
    // scripts run: a running app would hear the refusal and forget the user first).
    await page.addInitScript(() => localStorage.setItem('auth_token', 'revoked-token'));
    await recordBlankFrames(page);
    const fullSpeed = await slowCpu(page);
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Masuk', exact: true }).waitFor({ timeout: 30_000 });
    await fullSpeed();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect.poll(() => page.locator('#signed-in-ahead').count()).toBe(0);
    const frames = await framesOf(page);
    expect(frames.recorded).toBeGreaterThan(5);
    expect(frames.withSignedInFrame).toBeGreaterThan(0);
    expect(frames.blankAfterContent).toBe(0);
    await context.close();
  });
});
