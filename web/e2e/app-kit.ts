/**
 * Steps the browser tests share: signing in as a seeded account (and waiting until the device
 * is ready to work offline), reading the app's IndexedDB from the page, syncing on demand,
 * asking the API what the server holds, and making real JPEG bytes with the browser's encoder.
 */
import fs from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';

export interface Account {
  email: string;
  password: string;
}

/** Accounts the seed creates (scripts/src/seed/data.ts). */
export const ADMIN: Account = { email: 'admin@urs.sch.id', password: 'admin12345' };
export const CUSTODIAN: Account = { email: 'siti.aminah@urs.sch.id', password: 'staf12345' };
export const GARDENER: Account = { email: 'slamet.riyadi@urs.sch.id', password: 'staf12345' };
export const TECHNICIAN: Account = { email: 'bambang.prasetyo@urs.sch.id', password: 'staf12345' };

/** Toasts come and go on their own timer; screenshots show the screen, not them. */
export const HIDE_TOASTS = '[data-sonner-toaster] { display: none !important; }';

/** Collects uncaught page errors and CSP violations into `problems`, for a test to assert none. */
export async function watchForProblems(page: Page, problems: string[]): Promise<void> {
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => {
    if (msg.text().startsWith('CSP violation')) problems.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}

/** A phone's viewport below 600 px wide, a desktop's otherwise. */
export const viewportFor = (width: number) => ({ width, height: width < 600 ? 844 : 800 });

/**
 * A fresh context and page whose uncaught errors land in `problems`; with `csp`, CSP violations
 * too (see watchForProblems).
 */
export async function openPage(
  browser: Browser,
  problems: string[],
  { csp = false, ...options }: BrowserContextOptions & { csp?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (csp) await watchForProblems(page, problems);
  else page.on('pageerror', (err) => problems.push(err.message));
  return { context, page };
}

/** {@link openPage} on the file's shared browser at a phone's or a desktop's viewport. */
export function openPageAt(
  run: { browser: Browser; problems: string[] },
  width: number,
  options: BrowserContextOptions & { csp?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  return openPage(run.browser, run.problems, { viewport: viewportFor(width), ...options });
}

/** The dashboard's greeting in the signed-in user's language. */
const GREETING = { id: 'Selamat datang, ', en: 'Welcome, ' } as const;

/** The login form, up to the dashboard's greeting (in the user's saved language). */
export async function signIn(
  page: Page,
  baseUrl: string,
  who: Account,
  language: keyof typeof GREETING = 'id',
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await page.getByText(GREETING[language]).waitFor();
}

/** Fills and sends the login form, then waits for the app's home (`/`). */
export async function logInAt(page: Page, baseUrl: string, who: Account): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * The paths of the scripts the page itself asks for from now on, filled as it asks (a service
 * worker's own fetches, such as its precache, are not the page's and are not counted).
 */
export function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/**
 * Waits until the page would survive losing the network: its service worker has installed
 * (precaching the app) and controls the page (the worker claims open pages when it activates).
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * Signs in, then waits until the device can work offline: the service worker controls the page
 * (one reload after it is ready), the areas are on the device and a first sync has finished.
 */
export async function signInAndSync(
  page: Page,
  baseUrl: string,
  who: Account,
  language: keyof typeof GREETING = 'id',
): Promise<void> {
  await signIn(page, baseUrl, who, language);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByText(GREETING[language]).waitFor();
  await expect.poll(() => storeCount(page, 'areas'), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => lastSyncDone(page), { timeout: 20_000 }).toBe(true);
}

/** How many rows a store of the app's IndexedDB holds (0 when the store is not there yet). */
export function storeCount(page: Page, store: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('urs');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains(name)) {
            database.close();
            resolve(0);
            return;
          }
          const request = database.transaction(name).objectStore(name).count();
          request.onsuccess = () => {
            database.close();
            resolve(request.result);
          };
          request.onerror = () => resolve(0);
        };
      }),
    store,
  );
}

/** Whether a sync has ever finished on this device. */
export function lastSyncDone(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('urs');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('sync_state')) {
            database.close();
            resolve(false);
            return;
          }
          const request = database.transaction('sync_state').objectStore('sync_state').getAll();
          request.onsuccess = () => {
            database.close();
            const rows = request.result as { last_success_at: string | null }[];
            resolve(rows.some((row) => row.last_success_at !== null));
          };
          request.onerror = () => resolve(false);
        };
      }),
  );
}

/** A small real JPEG drawn by the browser's own encoder. */
export function makeJpeg(page: Page, colour: string): Promise<Buffer> {
  return makeImage(page, colour, 'image/jpeg');
}

/** A small real image in `type` (JPEG or PNG) drawn by the browser's own encoder. */
export async function makeImage(
  page: Page,
  colour: string,
  type: 'image/jpeg' | 'image/png',
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([fill, mime]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 96;
      canvas.height = 64;
      const ctx = canvas.getContext('2d');
      if (ctx === null) throw new Error('no 2d context');
      ctx.fillStyle = fill;
      ctx.fillRect(0, 0, 96, 64);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(20, 16, 40, 24);
      return canvas.toDataURL(mime, 0.9);
    },
    [colour, type] as const,
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** Every row of one store of the app's IndexedDB ([] when the store is not there yet). */
export function storeRows<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve) => {
        const open = indexedDB.open('urs');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains(name)) {
            database.close();
            resolve([]);
            return;
          }
          const request = database.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => {
            database.close();
            resolve(request.result as T[]);
          };
          request.onerror = () => resolve([]);
        };
      }),
    store,
  );
}

/** Queued changes not yet accepted by the server. */
export function outboxCount(page: Page): Promise<number> {
  return storeCount(page, 'outbox');
}

/**
 * Waits until no "Belum terkirim" mark is left on the page: the report's own and those of its
 * timeline events all go once the server has accepted the changes.
 */
export async function untilNothingUnsynced(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-testid="unsynced"]'), undefined, {
    timeout,
  });
}

/**
 * Asks for a sync through the sync indicator's menu, as a user would: on a phone a toast sits
 * over the top bar for its few seconds (and stays while a pointer rests on it), so one still
 * showing is closed first with its close button.
 */
export async function syncNow(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  for (const close of await toasts.locator('[data-close-button]').all()) {
    await close.click({ timeout: 5_000 }).catch(() => undefined);
  }
  await toasts.first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.getByTestId('sync-indicator').click();
  await page.getByRole('button', { name: 'Sinkronkan sekarang' }).click();
  await page.keyboard.press('Escape');
}

/** A bearer token straight from the API, for checking what the server holds. */
export async function apiToken(baseUrl: string, who: Account): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(who),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token?: string; token?: string };
  const token = body.access_token ?? body.token;
  if (token === undefined) throw new Error('no token');
  return token;
}

/** A token of `who` fetched once before the file's tests, read as `.token` within them. */
export function useApiToken(run: { server: { url: string } }, who: Account): { token: string } {
  const live = { token: '' };
  beforeAll(async () => {
    live.token = await apiToken(run.server.url, who);
  });
  return live;
}

/** An API call with a bearer token and, when given, a JSON body; the answer as it came. */
export function apiCall(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<globalThis.Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

/** GET an API path as JSON with a bearer token; anything but 200 fails the test. */
export async function apiGet<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** GET an API path as JSON with the token the signed-in page keeps; anything but 200 fails. */
export async function pageApiGet<T>(page: Page, baseUrl: string, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.get(`${baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${token ?? ''}`, Accept: 'application/json' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** Presses a button that downloads a PDF (a proof sheet) and returns the file's bytes. */
export async function downloadPdf(page: Page, button: string): Promise<Uint8Array> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: button }).click(),
  ]);
  const file = await download.path();
  return new Uint8Array(fs.readFileSync(file));
}

/** The smallest target a finger is given (WCAG 2.5.5's 44 CSS px). */
export const MIN_TARGET = 44;

/**
 * Every control on the page a finger can press and its box, as "what WxH" for those smaller
 * than MIN_TARGET. A radio or checkbox inside a label is pressed through the label, so the
 * label's box counts. Hidden controls and those behind `inert` (a closed drawer) are skipped.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const found: string[] = [];
    const selector =
      'button, a[href], select, summary, [role="button"], [role="tab"], input[type="checkbox"], input[type="radio"]';
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest('[inert]') !== null) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const target =
        element instanceof HTMLInputElement ? (element.closest('label') ?? element) : element;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      const name = (
        element.getAttribute('aria-label') ??
        target.textContent ??
        element.getAttribute('title') ??
        ''
      )
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      found.push(
        `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      );
    }
    return found;
  }, MIN_TARGET);
}
