import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: whether the first screen was drawn is the page's, once. */
async function freshFirstScreen() {
  vi.resetModules();
  return import('./first-screen.js');
}

/** Whether `promise` has settled once the timers up to now have run. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('background work after the first signed-in screen', () => {
  it('waits for the first screen, then starts in a later task', async () => {
    const { afterFirstScreen, firstScreenDrawn } = await freshFirstScreen();
    const started = afterFirstScreen();
    expect(await settledAfter(started, 1_000)).toBe(false);
    firstScreenDrawn();
    expect(await settledAfter(started, 1)).toBe(true);
  });

  it('starts at once for a later sign-in, once the screen has been drawn', async () => {
    const { afterFirstScreen, firstScreenDrawn } = await freshFirstScreen();
    firstScreenDrawn();
    expect(await settledAfter(afterFirstScreen(), 1)).toBe(true);
  });

  it('starts anyway after three seconds when no screen draws (a route that failed to load)', async () => {
    const { afterFirstScreen } = await freshFirstScreen();
    const started = afterFirstScreen();
    expect(await settledAfter(started, 2_900)).toBe(false);
    expect(await settledAfter(started, 200)).toBe(true);
  });
});
