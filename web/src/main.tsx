import { startTransition, StrictMode } from 'react';
import { POSTER_PAGE_PREFIX } from '@urs/sync-protocol';
import './styles.css';
import { App } from './app/app.js';
import { languagePreference, session, themePreference } from './app/services.js';
import { initI18n } from './lib/i18n.js';
import { STORAGE_KEYS } from './lib/storage-keys.js';
import { createAppRouter, type AppRouter } from './app/router.js';
import { restoreKeptRedirect } from './app/kept-redirect.js';
import { preloadOpeningRoute } from './app/route-preload.js';
import { nextTask } from './app/next-task.js';
import { takePrerendered } from './features/auth/prerendered-login.js';
import { dropSignedInFrame, signedInFrameShown } from './features/dashboard/signed-in-frame-id.js';

/**
 * Under the signed-in frame: Dexie evaluated in a task of its own, then the app's database
 * opened before any screen queries it. Opened on first use instead, the open completes in one
 * task with every query the screens queued meanwhile (24-43 ms observed in the dashboard's
 * Lighthouse traces on this machine); opened first, its completion is short and the queries run
 * in tasks of their own.
 * A failed open is the screens' to report, as it would be on first use: Dexie answers their
 * queries with a DatabaseClosedError carrying the open's error, either way.
 */
async function openLocalDatabase(): Promise<void> {
  await import('dexie');
  await nextTask();
  const { db } = await import('./db/index.js');
  void db.open().catch(() => undefined);
}

/**
 * The page is already drawn (login/index.html's form, index.html's signed-in frame), so every
 * task from here on counts as blocking a visitor who starts to type or tap: each step below runs
 * in a task of its own (nextTask) instead of all of them in the entry's evaluation.
 */
async function start() {
  // The entry's evaluation is a long task of its own already.
  await nextTask();
  initI18n();
  // Before the first render, from local storage: the user's own preference follows at bootstrap.
  languagePreference.init();
  themePreference.init();
  await nextTask();
  // The router's guards wait for bootstrap, so it starts first: its request (GET /api/user) and
  // the schemas it checks the answer with are on their way before anything else, so the schemas
  // (full zod) usually arrive, and are evaluated in a task of their own, before the signed-in
  // chunks, which would otherwise evaluate them in theirs.
  const bootstrapped = session.bootstrap();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // Next, so the opening route's chunks download while the rest starts. Under the signed-in
  // frame (`/` with a stored session) the shell's chunks, which all import Dexie, wait for Dexie
  // to be evaluated first, in a task of its own (and the database's open to begin, see
  // openLocalDatabase): the frame's preloads already fetch them all, so
  // the wait holds no request back. A deep link has no such preloads, and waiting there would
  // hold the route's own requests back until Dexie had arrived.
  void preloadOpeningRoute(
    router,
    window.location.pathname,
    localStorage.getItem(STORAGE_KEYS.token) !== null,
    signedInFrameShown() ? openLocalDatabase : undefined,
  );
  // React DOM, most of the page's script, is evaluated in a task of its own instead of in the
  // entry's (app/react-root.ts). Asked for after the route's chunks, as the starter preloads it
  // (Vite's preload helper requests its files at this call): it is needed only for the first
  // render. A failed load is the start's to report, where it is awaited.
  const reactRoot = import('./app/react-root.js');
  reactRoot.catch(() => undefined);
  await nextTask();
  // workbox-window is not needed to draw: it comes in a chunk of its own (the shell's, which
  // shows the update prompt), still at start, before the session check and the route's load, so
  // the install prompt's listener is set up however long those take; the worker itself
  // registers once the first screen is drawn and the main thread idle (firstScreenIdle). Not on a
  // poster's public form: a visitor sending one problem should not download the whole app for
  // offline use (decision 029); a phone that has the app keeps its worker all the same.
  if (!window.location.pathname.startsWith(POSTER_PAGE_PREFIX)) {
    void import('./pwa/register.js')
      .then(({ registerServiceWorker }) => registerServiceWorker(firstScreenIdle.promise))
      .catch((err: unknown) => {
        console.error('Service worker gagal didaftarkan', err);
      });
  }

  await bootstrapped;
  // The router's first load before React's first render: a load that ends after that render
  // updates the router's stores, which React renders as one blocking update (the stores are read
  // through useSyncExternalStore, which a transition cannot defer), the opening screen's whole
  // tree in one long task. Before the render, the transition below draws it in slices. Until its
  // route has loaded, the router would draw nothing in its place anyway.
  const loaded = await router.load().then(
    () => true,
    (err: unknown) => {
      // Drawn anyway: the router shows the route's error screen rather than a blank page.
      console.error('Rute pertama gagal dimuat', err);
      return false;
    },
  );
  await nextTask();

  const container = document.getElementById('root');
  if (container === null) throw new Error('#root is missing from index.html');
  const { createRoot } = await reactRoot;
  const root = createRoot(container);
  await nextTask();
  // The router says when the loaded route has been drawn (in the commit, so what follows runs
  // before the browser paints): the pages drawn ahead are replaced then, never by a blank page.
  const drawn = loaded ? firstRender(router) : Promise.resolve();
  // As a transition, React renders in slices that give the main thread back between them (a
  // visitor can already type into the login form drawn ahead), not in one task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
  await drawn;
  whenIdle(firstScreenIdle.resolve);
  // login/index.html's form drawn ahead is the login screen's to replace; a visitor sent
  // elsewhere (already signed in) must not keep it above the page they were sent to.
  if (router.state.location.pathname !== '/login') takePrerendered();
  // index.html's signed-in frame is the dashboard's to replace; a visit sent elsewhere (a
  // session the server refused) or a dashboard that could not load must not stay under it.
  const failed = router.state.matches.some((match) => match.status === 'error');
  if (router.state.location.pathname !== '/' || failed) dropSignedInFrame();
  // After the first screen is drawn: the router's listener is there, and a screen that replaces
  // a page drawn ahead has done so before the kept path replaces it in turn.
  await restoreKeptRedirect(router, sessionStorage);
}

/**
 * The service worker registers once the first screen is drawn and the main thread is idle
 * (registerServiceWorker), or after SERVICE_WORKER_WAIT_MS whatever happens to the start.
 */
const SERVICE_WORKER_WAIT_MS = 10_000;
const firstScreenIdle = (() => {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  setTimeout(resolve, SERVICE_WORKER_WAIT_MS);
  return { promise, resolve };
})();

/** Runs `run` when the browser is idle (within 2 s), or in a task where it cannot say. */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
}

/** Resolves once the router has drawn a loaded route for the first time. */
function firstRender(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    const stop = router.subscribe('onRendered', () => {
      stop();
      resolve();
    });
  });
}

start().catch((err: unknown) => {
  console.error('Gagal inisialisasi aplikasi', err);
});
