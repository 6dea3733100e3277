import type { Page } from 'playwright-core';

/** What one of the page's first rendered frames held. */
export interface FirstFrame {
  /** The element the page's drawn-ahead frame ends before had been parsed: the frame was whole. */
  whole: boolean;
  /** `<html data-theme>` at that frame. */
  theme: string;
}

/** Frames recorded per navigation: the first paints, and a few after them. */
const FRAMES = 5;

/**
 * Records the page's first rendered frames of its next navigation (an animation frame callback
 * runs in the rendering update of the frame it precedes, so what it sees is what that frame
 * paints): whether the element named by `parsedLast` had been parsed yet, and the theme.
 */
export async function recordFirstFrames(page: Page, parsedLast: string): Promise<void> {
  await page.addInitScript(
    ({ last, count }: { last: string; count: number }) => {
      const frames: FirstFrame[] = [];
      (window as unknown as { firstFrames: FirstFrame[] }).firstFrames = frames;
      const record = () => {
        frames.push({
          whole: document.querySelector(last) !== null,
          theme: document.documentElement.dataset['theme'] ?? '',
        });
        if (frames.length < count) requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    },
    { last: parsedLast, count: FRAMES },
  );
}

/** The frames recorded so far (recordFirstFrames). */
export function firstFrames(page: Page): Promise<FirstFrame[]> {
  return page.evaluate(() => (window as unknown as { firstFrames: FirstFrame[] }).firstFrames);
}

/**
 * Chrome's CPU slowdown (10x) for a page's first paint, as on a cheap phone at a busy moment:
 * the HTML parser then gives the main thread back in the middle of a page's body, where a page
 * can be painted half-parsed. Returns the way back to full speed.
 */
export async function slowCpu(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  };
}
