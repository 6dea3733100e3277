import { Workbox } from 'workbox-window';
import { listenForInstallPrompt } from './install-prompt.js';
import { createListeners } from '../lib/listeners.js';

/** What the app shell needs from the service worker registration. */
export interface ServiceWorkerController {
  /** A new version is installed and waiting for the user (or another tab already took it). */
  updateAvailable: () => boolean;
  /** Called whenever a new version becomes available; returns an unsubscribe function. */
  onUpdateAvailable: (callback: () => void) => () => void;
  /**
   * Activates the waiting version and reloads this page once it controls it. Callers check
   * hasUnsavedChanges() first (UpdatePrompt does): this reloads unconditionally.
   */
  applyUpdate: () => Promise<void>;
}

export const SERVICE_WORKER_URL = '/sw.js';
/** How often an open app asks the server for a new worker (browsers also check on navigation). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const APPLY_UPDATE_TIMEOUT_MS = 10_000;

let controller: ServiceWorkerController | null = null;

/**
 * Registers /sw.js with workbox-window, once per page (later calls return the same controller).
 * Only in production builds and where service workers exist; elsewhere the controller is inert.
 */
export function registerServiceWorker(
  /**
   * When to register (the controller and the install prompt's listener are set up at once): the
   * app's start passes its first screen drawn and the main thread idle, so a first visit's
   * worker does not install and precache the whole app (several megabytes on a slow line, each
   * response a message to the page) while that screen is still loading.
   */
  when: Promise<void> = Promise.resolve(),
): ServiceWorkerController {
  if (controller !== null) return controller;
  listenForInstallPrompt();
  const supported =
    import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  controller = supported ? createController(when) : inertController();
  return controller;
}

function inertController(): ServiceWorkerController {
  return {
    updateAvailable: () => false,
    onUpdateAvailable: () => () => undefined,
    applyUpdate: () => Promise.resolve(),
  };
}

function createController(when: Promise<void>): ServiceWorkerController {
  const wb = new Workbox(SERVICE_WORKER_URL);
  const changes = createListeners();
  let available = false;
  let reloading = false;
  let applying: Promise<void> | null = null;

  // The worker this page started under. Null on a first visit: the first worker taking the page
  // (clients.claim) is an install, not an update. workbox-window calls that takeover "external"
  // when the page was reloaded mid-install and never saw its updatefound, which showed the
  // update bar on every fresh phone right after the first sign-in.
  const startedUnder = navigator.serviceWorker.controller;

  const markAvailable = () => {
    available = true;
    changes.notify();
  };

  // Also fires for a worker that was already waiting when this page loaded. Only a worker that
  // waits behind one controlling this page is a new version.
  wb.addEventListener('waiting', () => {
    void navigator.serviceWorker.getRegistration().then((registration) => {
      if (isWaitingUpdate(registration, navigator.serviceWorker.controller)) markAvailable();
    });
  });
  // Another tab applied the update: this page still runs the old code, so offer the reload.
  wb.addEventListener('controlling', () => {
    const now = navigator.serviceWorker.controller;
    // Not while this page applies the update itself: it reloads in a moment.
    if (!reloading && applying === null && isTakenOverByNewVersion(startedUnder, now)) {
      markAvailable();
    }
  });

  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };

  when
    .then(() => wb.register())
    .then((registration) => {
      if (registration === undefined) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    })
    .catch((err: unknown) => {
      console.error('Service worker gagal didaftarkan', err);
    });

  return {
    updateAvailable: () => available,
    onUpdateAvailable: changes.subscribe,
    applyUpdate() {
      applying ??= (async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        if (registration?.waiting === null || registration?.waiting === undefined) {
          // Nothing waiting: the new worker is already active (another tab), so just reload.
          reload();
          return;
        }
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(fallback);
            reload();
            resolve();
          };
          // If the waiting worker never takes over (replaced by a newer one, or gone), reload
          // anyway: the user has already agreed, and the next load picks up what is waiting.
          const fallback = setTimeout(done, APPLY_UPDATE_TIMEOUT_MS);
          navigator.serviceWorker.addEventListener('controllerchange', done, { once: true });
          wb.messageSkipWaiting();
        });
      })().finally(() => {
        applying = null;
      });
      return applying;
    },
  };
}

/** A new version waits: a worker is installed behind the one controlling this page. */
export function isWaitingUpdate<W extends object>(
  registration: { waiting: W | null } | undefined,
  controller: W | null,
): boolean {
  const waiting = registration?.waiting ?? null;
  return controller !== null && waiting !== null && waiting !== controller;
}

/** This page's code is older than the worker now controlling it (another tab updated). */
export function isTakenOverByNewVersion<W extends object>(
  startedUnder: W | null,
  now: W | null,
): boolean {
  return startedUnder !== null && now !== null && now !== startedUnder;
}
