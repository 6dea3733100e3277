import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

/** One run's result, and the trace Lighthouse recorded for it (to see what it measured). */
export interface LighthouseRun {
  lhr: Result;
  trace: unknown;
}
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { BASELINE_PATH } from './app-server.js';

/** Debian's chromium, as the browser tests use it (never a downloaded one). */
export const CHROME_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Account {
  email: string;
  password: string;
}

/** The admin `npm start` seeds. */
export const ADMIN: Account = { email: 'admin@urs.sch.id', password: 'admin12345' };

/**
 * Who a profile is before the measured load: a returning device (signed in, its first sync
 * done, IndexedDB full) or a fresh one (signed in, nothing synced: a new phone's first visit
 * after the login, its first sync then runs during the measured load).
 */
export interface SignedIn {
  who: Account;
  fresh: boolean;
}

/** Sets up the profile as `signedIn` says (see signInReturning and signInFresh). */
async function signIn(port: number, baseUrl: string, signedIn: SignedIn): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    if (signedIn.fresh) await signInFresh(context, baseUrl, signedIn.who);
    else await signInReturning(context, baseUrl, signedIn.who);
  } finally {
    // Disconnects playwright only; the browser belongs to chrome-launcher.
    await browser.close();
  }
}

/** Signs in through the login form as a person would, and waits for the first sync to end. */
async function signInReturning(context: BrowserContext, baseUrl: string, who: Account) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.getByText('Selamat datang, ').waitFor();
  await waitForFirstSync(page);
  // A sync the first one set off (the announcements, the device's claim) ends before closing.
  await page.waitForLoadState('networkidle');
  // Forget every cached byte, keep what the sign-in stored (token, IndexedDB): the measured
  // load then fetches the app from the network like a first visit.
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) {
      await registration.unregister();
    }
    for (const name of await caches.keys()) await caches.delete(name);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

/**
 * A new phone just signed in: the session the login stores (the token and the user, in
 * localStorage, as session-store.ts keeps them) and nothing else, no IndexedDB, no service
 * worker. Signing in through the form would start the sync, and the service worker's background
 * sync would finish it behind any page's back.
 */
async function signInFresh(context: BrowserContext, baseUrl: string, who: Account) {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(who),
  });
  if (!response.ok) throw new Error(`signing in ${who.email}: ${response.status}`);
  const { access_token: token, user } = (await response.json()) as {
    access_token: string;
    user: unknown;
  };
  const page = await context.newPage();
  await page.goto(`${baseUrl}${BASELINE_PATH}`);
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('auth_token', t);
      localStorage.setItem('urs_user', u);
    },
    [token, JSON.stringify(user)] as const,
  );
  await page.close();
}

/**
 * Waits until the page's first sync has ended (a cursor and a success in its bookkeeping). The
 * database is only opened once the app has made it: opening one that does not exist would
 * create an empty one, whose connection then blocks the app's own creation of it.
 */
export async function waitForFirstSync(page: Page, timeout = 60_000): Promise<void> {
  // Polled from here: waitForFunction takes a returned promise for a truthy answer at once.
  const synced = () =>
    page.evaluate(async () => {
      const names = await indexedDB.databases();
      if (!names.some((d) => d.name === 'urs' && (d.version ?? 0) > 1)) return false;
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open('urs');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('sync_state')) {
            db.close();
            resolve(false);
            return;
          }
          const request = db.transaction('sync_state').objectStore('sync_state').getAll();
          request.onsuccess = () => {
            db.close();
            const rows = request.result as { cursor: string; last_success_at: string | null }[];
            resolve(rows.some((row) => row.cursor !== '' && row.last_success_at !== null));
          };
          request.onerror = () => {
            db.close();
            resolve(false);
          };
        };
      });
    });
  const deadline = Date.now() + timeout;
  while (!(await synced())) {
    if (Date.now() > deadline) throw new Error(`the first sync did not end in ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * One Lighthouse run (its default mobile settings: emulated phone, simulated slow 4G, 4x CPU)
 * in a fresh Chromium profile. With `signedInAs`, the profile signs in first and keeps what a
 * sign-in leaves (the token in localStorage, the synced data in IndexedDB), but none of the
 * cached files; Lighthouse then keeps the storage, or it would sign the user out first.
 */
async function runOnce(url: string, signedInAs?: SignedIn): Promise<LighthouseRun> {
  return inFreshProfile(new URL(url).origin, signedInAs, async (port) => {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: signedInAs !== undefined,
    });
    if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (error !== undefined) {
      throw new LighthouseRunError(`Lighthouse failed on ${url}: ${error.message}`, error.code);
    }
    return { lhr: result.lhr, trace: result.artifacts.Trace };
  });
}

/**
 * Runs `use` on a Chromium of its own (Debian's, Lighthouse's flags) with a fresh profile, on
 * its remote-debugging port; signed in first as `signedInAs` when given (see signIn). The
 * browser is closed after, whatever `use` does.
 */
export async function inFreshProfile<T>(
  origin: string,
  signedInAs: SignedIn | undefined,
  use: (port: number) => Promise<T>,
): Promise<T> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (signedInAs !== undefined) await signIn(chrome.port, origin, signedInAs);
    return await use(chrome.port);
  } finally {
    chrome.kill();
  }
}

class LighthouseRunError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * Trace recordings Lighthouse itself says to run again: on this loaded machine one in a dozen
 * runs loses the trace's navigation start (NO_NAVSTART), on any page, the static one included.
 */
const RUN_AGAIN = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);
const ATTEMPTS = 3;

/** One measured run; a run whose trace Lighthouse could not record is made again, twice at most. */
export async function runLighthouse(url: string, signedInAs?: SignedIn): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, signedInAs);
    } catch (err) {
      const again = err instanceof LighthouseRunError && RUN_AGAIN.has(err.code);
      if (!again || attempt >= ATTEMPTS) throw err;
      console.warn(`${err.message}; running it again (${attempt + 1}/${ATTEMPTS})`);
    }
  }
}
