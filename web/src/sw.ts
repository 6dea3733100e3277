/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js).
 *
 * - Precaches the app shell and answers every navigation outside /api/ with index.html, so a
 *   cold start offline opens the app at any path.
 * - Caches viewed photos and avatars (CacheFirst: their URLs name immutable bytes). No other API
 *   response is cached: the app reads its data from Dexie, which the sync engine fills.
 * - Waits for the user: a new version activates only when the page sends SKIP_WAITING.
 * - Background Sync: runs one sync cycle for the session the page mirrored into IndexedDB.
 * - Web Push (decision 031): shows every push as a notification, sets the app badge, and syncs
 *   at once; a click on the notification opens its screen.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { pushPayloadSchema, type PushPayload } from '@urs/sync-protocol';
import { openUrsDatabase } from './db/database.js';
import {
  AVATAR_CACHE,
  PHOTO_CACHE,
  OPEN_PATH_MESSAGE_TYPE,
  PUSH_ARRIVED_MESSAGE_TYPE,
  SKIP_WAITING_MESSAGE,
} from './pwa/constants.js';
import { readMirroredSession } from './pwa/session-mirror.js';
// The engine and the tag directly, not the sync index: that also exports React hooks and the
// image compressor, which have no place in a worker bundle.
import { createSyncEngine, type SyncOutcome } from './sync/engine.js';
import { BACKGROUND_SYNC_TAG } from './sync/triggers.js';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any navigation (deep links included) gets the precached shell; the client router takes over.
// Not the API, and not a file (a last path segment with a dot, e.g. a source map).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /\/[^/?]+\.[^/]+$/],
  }),
);

const SIXTY_DAYS = 60 * 24 * 60 * 60;

function cacheFirst(cacheName: string, maxEntries: number): CacheFirst {
  return new CacheFirst({
    cacheName,
    plugins: [
      // Only a real 200: never an opaque, partial, 401 or 404 answer.
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries, maxAgeSeconds: SIXTY_DAYS, purgeOnQuotaError: true }),
    ],
  });
}

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ url }) => sameOrigin(url) && /^\/api\/photos\/[^/]+$/.test(url.pathname),
  cacheFirst(PHOTO_CACHE, 500),
  'GET',
);
registerRoute(
  ({ url }) => sameOrigin(url) && /^\/api\/avatars\/[^/]+$/.test(url.pathname),
  cacheFirst(AVATAR_CACHE, 200),
  'GET',
);

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

// Take the open pages on first install, so their photo fetches go through this worker at once.
// An update still waits above: this runs only when a worker actually activates.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The Background Sync event; not in TypeScript's lib (Chromium only), hence this shape. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

function isSyncEvent(event: Event): event is SyncEvent {
  return event instanceof ExtendableEvent && typeof Reflect.get(event, 'tag') === 'string';
}

function isSkipWaitingMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    Reflect.get(data, 'type') === SKIP_WAITING_MESSAGE.type
  );
}

self.addEventListener('sync', (event) => {
  if (!isSyncEvent(event) || event.tag !== BACKGROUND_SYNC_TAG) return;
  event.waitUntil(backgroundSync());
});

/**
 * One sync cycle for the mirrored session. A transient failure rejects, so the browser retries
 * the sync later; signed out, paused (401) or backing off is not worth a retry from here.
 */
async function backgroundSync(): Promise<void> {
  const session = await readMirroredSession();
  if (session === null) return;
  const db = openUrsDatabase();
  let outcome: SyncOutcome;
  try {
    const engine = createSyncEngine({
      db,
      baseUrl: session.baseUrl ?? '/',
      getToken: () => session.token,
      getUserId: () => session.userId,
    });
    outcome = await engine.syncOnce({ force: true });
  } finally {
    db.close();
  }
  if (outcome.status === 'failed') throw new Error(`Sinkronisasi latar gagal: ${outcome.error}`);
}

// ---------------------------------------------------------------------------------------------
// Web Push (decision 031)

const NOTIFICATION_ICON = '/icons/icon-192.png';
/** Monochrome, as Android draws a badge: only its shape shows in the status bar. */
const NOTIFICATION_BADGE = '/icons/badge-96.png';

/** What a notification shown from a push keeps, for its click. */
interface ShownData {
  url: string;
}

/**
 * The push's payload, or a plain one when it cannot be read (an older or newer server): every
 * push is shown all the same, since iOS drops a subscription whose pushes show nothing.
 */
function readPayload(data: PushMessageData | null): PushPayload | null {
  if (data === null) return null;
  try {
    const parsed = pushPayloadSchema.safeParse(data.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The user's language as the page last chose it is unknown here: the default's words. */
const FALLBACK = { title: 'URS', body: 'Ada pemberitahuan baru. / There is news for you.' };

/** The worker's navigator: the Badging API where the browser has it (not in TypeScript's lib). */
interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

async function setBadge(unread: number): Promise<void> {
  const nav = self.navigator as WorkerNavigator & BadgingNavigator;
  try {
    if (unread > 0) await nav.setAppBadge?.(unread);
    else await nav.clearAppBadge?.();
  } catch {
    // Not installed, or not allowed: the badge is a nicety, the notification is shown anyway.
  }
}

async function onPush(data: PushMessageData | null): Promise<void> {
  const payload = readPayload(data);
  const shown: ShownData = { url: payload?.url ?? '/notifications' };
  await self.registration.showNotification(payload?.title ?? FALLBACK.title, {
    body: payload?.body ?? FALLBACK.body,
    // Later news of the same subject replaces the earlier notification.
    ...(payload !== null && { tag: payload.tag }),
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: shown,
    lang: 'id',
  });
  if (payload !== null) await setBadge(payload.unread);
  // What the push announced comes now: the open pages sync (they hold the session and its
  // triggers), and with none open this worker runs the cycle itself, so the inbox has it
  // when the user taps the notification, signal or not by then.
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: PUSH_ARRIVED_MESSAGE_TYPE });
  if (pages.length === 0) await backgroundSync().catch(() => undefined);
}

self.addEventListener('push', (event) => {
  event.waitUntil(onPush(event.data));
});

function urlOf(data: unknown): string {
  const url: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, 'url') : null;
  // Only the app's own paths: a notification never sends the user off the app.
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')
    ? url
    : '/notifications';
}

/**
 * A tap focuses an open window of the app and takes it to the notification's screen, or opens
 * one there. The open page is told where to go and its router goes, so a form being filled in
 * keeps its leave guard; the page's reload would lose it.
 */
async function onNotificationClick(notification: Notification): Promise<void> {
  notification.close();
  const path = urlOf(notification.data);
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const page = pages.find((client) => client.focused) ?? pages[0];
  if (page === undefined) {
    await self.clients.openWindow(new URL(path, self.location.origin).href);
    return;
  }
  await page.focus().catch(() => page);
  page.postMessage({ type: OPEN_PATH_MESSAGE_TYPE, path });
}

self.addEventListener('notificationclick', (event) => {
  const done = onNotificationClick(event.notification);
  // A tap's event keeps the worker alive until the page is reached; one dispatched by a test
  // (untrusted) may not be extended, and the work runs all the same.
  if (event.isTrusted) event.waitUntil(done);
});
