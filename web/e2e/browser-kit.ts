/**
 * Steps the browser tests share: signing in on a page, reading the device's IndexedDB from the
 * outside (store counts, outbox, sync state), syncing on demand and drawing test images.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Account {
  email: string;
  password: string;
}

export const ACCOUNTS = {
  admin: { email: 'admin@urs.sch.id', password: 'admin12345' },
  custodian: { email: 'siti.aminah@urs.sch.id', password: 'staf12345' },
  gardener: { email: 'slamet.riyadi@urs.sch.id', password: 'staf12345' },
} satisfies Record<string, Account>;

/** Toasts come and go on their own timer; screenshots show the screen, not them. */
export const HIDE_TOASTS = '[data-sonner-toaster] { display: none !important; }';

/**
 * Signs in through the login form, then waits until the service worker controls the page
 * (so the app opens offline) and the first sync has finished (so the data is on the device).
 */
export async function signInAndSync(page: Page, baseUrl: string, who: Account): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.locator('.sidebar-user-name').waitFor({ state: 'attached' });
  await expect.poll(() => lastSyncDone(page), { timeout: 20_000 }).toBe(true);
}

/** Every row of one IndexedDB store of the app's database ([] when it does not exist yet). */
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

export async function outboxCount(page: Page): Promise<number> {
  return (await storeRows(page, 'outbox')).length;
}

export async function lastSyncDone(page: Page): Promise<boolean> {
  const rows = await storeRows<{ last_success_at: string | null }>(page, 'sync_state');
  return rows.some((row) => row.last_success_at !== null);
}

/** Asks for a sync through the sync indicator's menu, as a user would. */
export async function syncNow(page: Page): Promise<void> {
  await page.getByTestId('sync-indicator').click();
  await page.getByRole('button', { name: 'Sinkronkan sekarang' }).click();
  await page.keyboard.press('Escape');
}

/** A small real JPEG drawn by the browser's own encoder. */
export async function makeJpeg(page: Page, colour: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 64;
    const ctx = canvas.getContext('2d');
    if (ctx === null) throw new Error('no 2d context');
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 96, 64);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(20, 16, 40, 24);
    return canvas.toDataURL('image/jpeg', 0.9);
  }, colour);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** A bearer token from the API, for checking what the server holds. */
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

/** GET an API path as JSON with a bearer token. */
export async function apiGet<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
