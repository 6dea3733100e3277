/**
 * The PWA in a real Chromium against the real server (`npm start` entry, built web/dist):
 * manifest and icons, the service worker installing and controlling the page, a cold start
 * offline at any path, photos cached for offline viewing (and no other API data), and the
 * Background Sync event running one sync cycle for the session mirrored into IndexedDB.
 *
 * Needs `npm run build -w @urs/web` and `npx turbo run build --filter=@urs/scripts` first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { shareServerAndBrowser, startServer, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

shareServerAndBrowser((run) => ({ server, browser } = run));

interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** CSP violations and uncaught errors seen so far, in the page and its reloads. */
  problems: string[];
}

/** A fresh context (own service workers, caches and IndexedDB) and a page watched for CSP. */
async function openPage(): Promise<WatchedPage> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  return { context, page, problems };
}

/**
 * Loads the app, which registers /sw.js itself (registerServiceWorker() in main.tsx), waits
 * until the worker is active, and reloads so the page is controlled.
 */
async function installWorker(page: Page): Promise<void> {
  await page.goto(server.url);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${server.url}/`);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function expectAppRendered(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
  expect(await page.title()).toBe('URS');
}

interface Login {
  token: string;
  userId: string;
}

async function login(baseUrl = server.url): Promise<Login> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@urs.sch.id', password: 'admin12345' }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

/** The id of some report photo the user may see, paging through the pull feed. */
async function findReportPhoto(token: string): Promise<{ row: { id: string } } | undefined> {
  let cursor = '';
  for (;;) {
    const pull = await fetch(`${server.url}/api/sync/pull?cursor=${cursor}&limit=2000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pull.status).toBe(200);
    const page = (await pull.json()) as {
      changes: { entity: string; op: string; row: { id: string } }[];
      cursor: string;
      has_more: boolean;
    };
    const photo = page.changes.find((c) => c.entity === 'report_photos' && c.op === 'put');
    if (photo !== undefined || !page.has_more) return photo;
    cursor = page.cursor;
  }
}

describe('the installable PWA', () => {
  it('serves a manifest with the required fields and icons that load', async () => {
    const { context, page, problems } = await openPage();
    await page.goto(server.url);
    const href = await page.getAttribute('link[rel="manifest"]', 'href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(`${server.url}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      lang: string;
      display: string;
      start_url: string;
      scope: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'URS — Operasional Sekolah',
      short_name: 'URS',
      lang: 'id',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const kinds = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort();
    expect(kinds).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);

    const appleIcon = await page.getAttribute('link[rel="apple-touch-icon"]', 'href');
    expect(appleIcon).not.toBeNull();
    for (const src of [...manifest.icons.map((icon) => icon.src), appleIcon ?? '']) {
      const icon = await page.request.get(new URL(src, server.url).href);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe('image/png');
      // A real PNG: the 8-byte signature.
      expect((await icon.body()).subarray(0, 8).toString('hex'), src).toBe('89504e470d0a1a0a');
    }
    const [size] = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth];
    }, '/icons/maskable-512.png');
    expect(size).toBe(512);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('installs the service worker and opens / and a deep path with the network off', async () => {
    const { context, page, problems } = await openPage();
    await installWorker(page);
    await expectAppRendered(page);
    const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(scriptUrl).toBe(`${server.url}/sw.js`);
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const name = names.find((n) => n.startsWith('workbox-precache'));
      if (name === undefined) return [];
      const cache = await caches.open(name);
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(precached).toContain('/index.html');
    expect(precached.some((p) => /^\/assets\/.+\.js$/.test(p))).toBe(true);
    expect(precached.some((p) => p.endsWith('.map'))).toBe(false);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expectAppRendered(page);
    // A cold navigation to a deep link: the worker answers it with the precached shell (the
    // router may then redirect, e.g. to the login screen; the point is that the app opens).
    const deep = await page.goto(`${server.url}/reports/create`);
    expect(deep?.status()).toBe(200);
    expect(deep?.fromServiceWorker()).toBe(true);
    await expectAppRendered(page);
    // /api/ is never answered with the app shell: offline it fails instead.
    const api = await page.evaluate(async () => {
      try {
        const res = await fetch('/api/health');
        return `status ${res.status}`;
      } catch {
        return 'network error';
      }
    });
    expect(api).toBe('network error');
    await context.setOffline(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a viewed photo for offline use and caches no other API data', async () => {
    const { token } = await login();
    const photo = await findReportPhoto(token);
    expect(photo, 'the demo school has report photos').toBeDefined();
    const photoId = photo?.row.id ?? '';

    const { context, page, problems } = await openPage();
    await installWorker(page);
    const readPhoto = (args: { id: string; token: string }) =>
      page.evaluate(async ({ id, token: bearer }) => {
        try {
          const res = await fetch(`/api/photos/${id}`, {
            headers: { authorization: `Bearer ${bearer}` },
          });
          return { status: res.status, type: res.headers.get('content-type') ?? '' };
        } catch {
          return { status: 0, type: '' };
        }
      }, args);
    const online = await readPhoto({ id: photoId, token });
    expect(online.status).toBe(200);
    expect(online.type).toMatch(/^image\//);
    const health = await page.evaluate(async () => (await fetch('/api/health')).status);
    expect(health).toBe(200);

    const readCaches = () =>
      page.evaluate(async () => {
        const result: Record<string, string[]> = {};
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          result[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
        }
        return result;
      });
    // The worker answers the page first and stores the photo after: on a loaded machine the
    // read can come before the store has finished.
    await expect
      .poll(async () => (await readCaches())['urs-photos'], { timeout: 10_000 })
      .toEqual([`/api/photos/${photoId}`]);
    const cached = await readCaches();
    const apiEntries = Object.entries(cached)
      .filter(([name]) => name !== 'urs-photos')
      .flatMap(([, paths]) => paths.filter((p) => p.startsWith('/api/')));
    expect(apiEntries).toEqual([]);

    await context.setOffline(true);
    const offline = await readPhoto({ id: photoId, token });
    expect(offline.status).toBe(200);
    expect(offline.type).toMatch(/^image\//);
    await context.setOffline(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('runs a sync cycle on the Background Sync event with the mirrored session', async () => {
    const { token, userId } = await login();
    const { context, page, problems } = await openPage();
    await installWorker(page);
    // What mirrorSession() stores, written the way Dexie lays it out (version 1 is IDB 10).
    await page.evaluate(
      async ({ bearer, user }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('urs-session', 10);
          request.onupgradeneeded = () => {
            request.result.createObjectStore('session', { keyPath: 'key' });
          };
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('open failed'));
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('session', 'readwrite');
          tx.objectStore('session').put({
            key: 'current',
            token: bearer,
            userId: user,
            updated_at: new Date().toISOString(),
          });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        });
        db.close();
      },
      { bearer: token, user: userId },
    );
    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const sync: unknown = Reflect.get(registration, 'sync');
      if (typeof sync !== 'object' || sync === null) return false;
      const register: unknown = Reflect.get(sync, 'register');
      if (typeof register !== 'function') return false;
      await (register as (tag: string) => Promise<void>).call(sync, 'urs-sync');
      return true;
    });
    expect(registered, 'Chromium has Background Sync').toBe(true);

    // The worker's cycle pulls into the app database and records its success there.
    const readLastSuccess = () =>
      page.evaluate(async (user) => {
        const names = (await indexedDB.databases()).map((d) => d.name);
        if (!names.includes('urs')) return null;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('urs');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('open failed'));
        });
        try {
          if (!db.objectStoreNames.contains('sync_state')) return null;
          const row = await new Promise<unknown>((resolve, reject) => {
            const request = db.transaction('sync_state').objectStore('sync_state').get(user);
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error ?? new Error('read failed'));
          });
          const value: unknown =
            typeof row === 'object' && row !== null ? Reflect.get(row, 'last_success_at') : null;
          return typeof value === 'string' ? value : null;
        } finally {
          db.close();
        }
      }, userId);
    await expect.poll(readLastSuccess, { timeout: 30_000, interval: 500 }).not.toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('an app update', () => {
  // Its own server over a copy of web/dist, so the test can publish a "new version" of sw.js.
  // The build the main server serves (start.ts honours WEB_DIST_DIR the same way).
  const webDist = process.env['WEB_DIST_DIR'] ?? fileURLToPath(new URL('../dist', import.meta.url));
  let copy: string;
  let updateServer: RunningServer;

  beforeAll(async () => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-e2e-dist-'));
    fs.cpSync(webDist, copy, { recursive: true });
    updateServer = await startServer({ WEB_DIST_DIR: copy });
  });
  afterAll(async () => {
    await updateServer?.stop();
    if (copy !== undefined) fs.rmSync(copy, { recursive: true, force: true });
  });

  it('waits for the page to send SKIP_WAITING before the new worker takes over', async () => {
    const { context, page, problems } = await openPage();
    await page.goto(updateServer.url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    fs.appendFileSync(path.join(copy, 'sw.js'), `\n// next version ${Date.now()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state === 'installed',
    );
    // Installed, and still waiting a moment later: no automatic skipWaiting().
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const stillWaiting = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting !== null && registration?.waiting !== undefined;
    });
    expect(stillWaiting).toBe(true);

    const controllerChanged = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const changed = new Promise<boolean>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), {
          once: true,
        });
        setTimeout(() => resolve(false), 10_000);
      });
      registration?.waiting?.postMessage({ type: 'SKIP_WAITING' });
      return changed;
    });
    expect(controllerChanged).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the update banner in the signed-in app and reloads into the new version', async () => {
    const { token, userId } = await login(updateServer.url);
    const { context, page, problems } = await openPage();
    await page.addInitScript((bearer) => localStorage.setItem('auth_token', bearer), token);
    await page.goto(updateServer.url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The signed-in app mirrored its session for the worker's Background Sync.
    const mirrored = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('urs-session');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      try {
        if (!db.objectStoreNames.contains('session')) return null;
        return await new Promise<unknown>((resolve, reject) => {
          const request = db.transaction('session').objectStore('session').get('current');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
      } finally {
        db.close();
      }
    });
    expect(mirrored).toMatchObject({ token, userId });
    const banner = page.locator('.pwa-banner');
    expect(await banner.count()).toBe(0);

    fs.appendFileSync(path.join(copy, 'sw.js'), `\n// next version ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.ready).update();
    });
    await banner.waitFor();
    const reloaded = page.waitForEvent('load');
    await banner.locator('.pwa-button--primary').click();
    await reloaded;
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting ?? null,
        controlled: navigator.serviceWorker.controller !== null,
      };
    });
    expect(after).toEqual({ waiting: null, controlled: true });
    await expectAppRendered(page);
    expect(await banner.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
