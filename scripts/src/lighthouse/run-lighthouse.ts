import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

/** One run's result, and the trace Lighthouse recorded for it (to see what it measured). */
export interface LighthouseRun {
  lhr: Result;
  trace: unknown;
}
import { chromium } from 'playwright-core';

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

/** Signs in through the login form as a person would, and waits for the first sync to end. */
async function signIn(port: number, baseUrl: string, who: Account): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.getByText('Selamat datang, ').waitFor();
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
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
            request.onerror = () => resolve(false);
          };
        }),
      undefined,
      { timeout: 60_000 },
    );
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
  } finally {
    // Disconnects playwright only; the browser belongs to chrome-launcher.
    await browser.close();
  }
}

/**
 * One Lighthouse run (its default mobile settings: emulated phone, simulated slow 4G, 4x CPU)
 * in a fresh Chromium profile. With `signedInAs`, the profile signs in first and keeps what a
 * sign-in leaves (the token in localStorage, the synced data in IndexedDB), but none of the
 * cached files; Lighthouse then keeps the storage, or it would sign the user out first.
 */
async function runOnce(url: string, signedInAs?: Account): Promise<LighthouseRun> {
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
  signedInAs: Account | undefined,
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
export async function runLighthouse(url: string, signedInAs?: Account): Promise<LighthouseRun> {
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
