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
import { openUrsDatabase } from './db/database.js';
import { AVATAR_CACHE, PHOTO_CACHE, SKIP_WAITING_MESSAGE } from './pwa/constants.js';
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
