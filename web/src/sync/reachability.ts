/*
 * Whether the server answered the last time the sync engine asked. `navigator.onLine` only says
 * that a network is there: a phone on the campus Wi-Fi with no way out, or behind a captive
 * portal, is "online" and reaches nothing. The engine sets this after every cycle, so the status
 * pill and the "saved on this device" wording follow what the device can actually reach. No
 * React here: the service worker runs the engine too.
 */

/** When a cycle of this page's engine last got no answer at all; null once one did. */
let unreachableSince: number | null = null;
const listeners = new Set<() => void>();

/**
 * Set by the sync engine: true after a cycle that got no answer at all (its time renewed on each
 * such cycle), false after one that did; screens clear it when another engine (the service
 * worker's) has synced since (use-sync-status.ts).
 */
export function setServerUnreachable(value: boolean): void {
  if (!value && unreachableSince === null) return;
  unreachableSince = value ? Date.now() : null;
  for (const listener of listeners) listener();
}

export function serverUnreachable(): boolean {
  return unreachableSince !== null;
}

/** Since when (ms) the server has not answered this page's engine, or null. */
export function serverUnreachableSince(): number | null {
  return unreachableSince;
}

export function onReachabilityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Online by the browser's word, and the server not found unreachable since. */
export function seemsOnline(): boolean {
  const online = typeof navigator === 'undefined' || navigator.onLine;
  return online && unreachableSince === null;
}
