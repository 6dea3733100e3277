import { nextTask } from './next-task.js';

/**
 * What a signed-in device does in the background (the first sync, the unread poller, the
 * service worker's copy of the session) waits until the first screen is drawn and the main
 * thread is idle: started beside the first render, its work (opening IndexedDB, a pull, the
 * live queries it wakes) delayed the screen and ran as long tasks right after the first paint.
 * It never waits long: a screen that cannot draw (a route that failed to load) lets it start
 * after FALLBACK_MS, and an idle moment is awaited at most IDLE_TIMEOUT_MS, so a change queued
 * offline still leaves within about a second of the screen.
 */
const FALLBACK_MS = 3_000;
const IDLE_TIMEOUT_MS = 1_000;

let markDrawn: () => void = () => undefined;
const drawn = new Promise<void>((resolve) => {
  markDrawn = resolve;
});

/** Called by the signed-in shell once it has committed its first frame. */
export function firstScreenDrawn(): void {
  markDrawn();
}

function idle(): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return nextTask();
  return new Promise((resolve) => {
    requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
  });
}

/** Resolves once the first signed-in screen is drawn (or could not be) and the page is idle. */
export async function afterFirstScreen(): Promise<void> {
  let fallback: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    drawn,
    new Promise<void>((resolve) => {
      fallback = setTimeout(resolve, FALLBACK_MS);
    }),
  ]);
  clearTimeout(fallback);
  await idle();
}
