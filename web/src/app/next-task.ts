/**
 * Resolves in a later task of the event loop, so the work before and after it are two tasks:
 * the browser may paint and answer input between them. Lighthouse counts every task over 50 ms
 * after the first paint as blocking (at its 4x CPU throttle, 12 ms here), so the start-up is
 * cut into steps with this between them. `scheduler.yield()` resumes ahead of other queued tasks
 * where the browser has it; elsewhere a zero timeout does the same job a little later.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
