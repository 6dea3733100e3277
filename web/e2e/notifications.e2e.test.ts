/**
 * Notifications on the phone (issue 42, decision 031), in a real Chromium against the real
 * server: an admin approves a gardener's item request, and the push the sender would send is
 * handed to the gardener's service worker through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`, no push service needed). The worker shows it with the
 * right title, the push starts a sync (the bell counts it with no other trigger), a tap opens
 * the request's screen, and the inbox on the phone holds it offline afterwards. The inbox is
 * looked at on a phone and a desktop, in both languages. Screenshots land in web/screenshots/.
 *
 * Needs `npm run build -w @urs/web` and `npx turbo run build --filter=@urs/scripts` first.
 */
import path from 'node:path';
import {
  PROTOCOL_VERSION,
  newId,
  notificationPath,
  notificationTag,
  notificationText,
  pushPayloadSchema,
  type Notification,
  type PullResponse,
  type PushPayload,
} from '@urs/sync-protocol';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  GARDENER,
  HIDE_TOASTS,
  apiCall,
  apiGet,
  apiToken,
  lastSyncDone,
  logInAt,
  untilServiceWorkerControls,
  viewportFor,
  watchForProblems,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';

const run = shareServerAndBrowser();

/** One mutation pushed straight to the sync API, as a device of `token`'s user would. */
async function pushOne(token: string, name: string, args: Record<string, unknown>) {
  const response = await apiCall(run.server.url, token, 'POST', '/api/sync/push', {
    protocol_version: PROTOCOL_VERSION,
    client_id: newId(),
    mutations: [{ id: newId(), seq: 1, name, args, at: new Date().toISOString() }],
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { results: { status: string }[] };
  expect(body.results.map((r) => r.status)).toEqual(['applied']);
}

/** Every change `token`'s user may see, from the start. */
async function pullAll(token: string): Promise<PullResponse['changes']> {
  const page = await apiGet<PullResponse>(run.server.url, token, '/api/sync/pull?limit=2000');
  return page.changes;
}

/** The gardener's request for a stock item, approved by the admin: its inbox row. */
async function approvedRequest(): Promise<Notification> {
  const [gardener, admin] = await Promise.all([
    apiToken(run.server.url, GARDENER),
    apiToken(run.server.url, ADMIN),
  ]);
  const item = (await pullAll(admin)).find(
    (change) => change.entity === 'inventory_items' && change.op === 'put',
  );
  if (item === undefined) throw new Error('no stock item seeded');
  const id = newId();
  await pushOne(gardener, 'request.create', { id, type: 'stock', item_id: item.id, quantity: 2 });
  await pushOne(admin, 'request.approve', { id, notes: 'Ambil di gudang' });
  const row = (await pullAll(gardener)).flatMap((change) =>
    change.entity === 'notifications' && change.op === 'put' && change.row.subject_id === id
      ? [change.row]
      : [],
  )[0];
  if (row === undefined) throw new Error('the approval wrote no notification for the requester');
  expect(row).toMatchObject({
    kind: 'request_approved',
    subject_type: 'item_requests',
    read_at: null,
  });
  return row;
}

/** The push the server's sender makes of `row` (decision 031), decrypted as the worker reads it. */
function payloadOf(row: Notification, unread: number): PushPayload {
  return pushPayloadSchema.parse({
    v: 1,
    id: row.id,
    kind: row.kind,
    ...notificationText(row, 'id'),
    url: notificationPath(row),
    tag: notificationTag(row),
    unread,
    urgent: row.priority === 'urgent',
  });
}

/**
 * Hands `payload` to the app's service worker as a push, through the DevTools protocol: its
 * ServiceWorker domain enabled on one session, which names the registration, then delivers.
 */
async function deliverPush(context: BrowserContext, page: Page, payload: PushPayload) {
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => r.scopeURL === `${run.server.url}/` && !r.isDeleted);
      if (live !== undefined) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: run.server.url,
    registrationId: await registration,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  data: unknown;
}

/** The notifications the worker shows now, read in the worker. */
function shownBy(worker: Worker): Promise<Shown[]> {
  return worker.evaluate(async () => {
    const scope = globalThis as unknown as {
      registration: { getNotifications(): Promise<Shown[]> };
    };
    const list = await scope.registration.getNotifications();
    return list.map(({ title, body, tag, icon, badge, data }) => ({
      title,
      body,
      tag,
      icon,
      badge,
      data,
    }));
  });
}

/** Taps the worker's first notification: its `notificationclick`, dispatched in the worker. */
function tapFirst(worker: Worker): Promise<void> {
  return worker.evaluate(async () => {
    const scope = globalThis as unknown as {
      registration: { getNotifications(): Promise<unknown[]> };
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [first] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: first }));
  });
}

async function setLanguage(token: string, language: 'id' | 'en') {
  const response = await apiCall(run.server.url, token, 'POST', '/api/profile/preferences', {
    preferred_language: language,
  });
  expect(response.status).toBe(200);
}

describe('notifications', () => {
  it('a delivered push shows its notification and syncs; a tap opens its screen; the inbox keeps it offline', async () => {
    const context = await run.browser.newContext({ viewport: viewportFor(390) });
    await context.grantPermissions(['notifications'], { origin: run.server.url });
    const page = await context.newPage();
    await watchForProblems(page, run.problems);
    await logInAt(page, run.server.url, GARDENER);
    await untilServiceWorkerControls(page);
    await expect.poll(() => lastSyncDone(page), { timeout: 20_000 }).toBe(true);
    await page.getByTestId('notification-bell').waitFor();
    expect(await page.getByTestId('bell-count').count()).toBe(0);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

    const row = await approvedRequest();
    const payload = payloadOf(row, 1);
    expect(payload.title).toBe(`Permintaan ${String(row.params['number'])} disetujui`);
    await deliverPush(context, page, payload);

    await expect
      .poll(() => shownBy(worker), { timeout: 10_000 })
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: `item_requests:${row.subject_id}`,
          icon: `${run.server.url}/icons/icon-192.png`,
          badge: `${run.server.url}/icons/badge-96.png`,
          data: { url: `/inventory?tab=requests&request=${row.subject_id}` },
        },
      ]);
    // The push started a sync at once: the poll and the timer are a minute away.
    await expect
      .poll(() => page.getByTestId('bell-count').textContent(), { timeout: 15_000 })
      .toBe('1');

    await tapFirst(worker);
    await page.waitForURL(
      (url) =>
        url.pathname === '/inventory' &&
        url.searchParams.get('tab') === 'requests' &&
        url.searchParams.get('request') === row.subject_id,
    );
    await expect.poll(() => shownBy(worker)).toEqual([]);

    // Offline afterwards, on the phone: the inbox holds it, in the contract's words.
    await context.setOffline(true);
    await page.goto(`${run.server.url}/notifications`);
    const shown = page.getByTestId('notification');
    await shown.first().waitFor();
    expect(await shown.count()).toBe(1);
    expect(await shown.first().locator('.nt-title').textContent()).toBe(payload.title);
    expect(await shown.first().getAttribute('data-unread')).toBe('true');
    await page.addStyleTag({ content: HIDE_TOASTS });
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'notifications-offline-390.png'),
      fullPage: true,
    });
    // Opening it offline marks it read on the device and opens the request.
    await shown.first().locator('a').click();
    await page.waitForURL((url) => url.pathname === '/inventory');
    await expect.poll(() => page.getByTestId('bell-count').count()).toBe(0);
    await context.setOffline(false);
    await context.close();
    expect(run.problems).toEqual([]);
  }, 180_000);

  it('draws the inbox at 390 and 1366 px in both languages', async () => {
    const token = await apiToken(run.server.url, GARDENER);
    try {
      for (const language of ['id', 'en'] as const) {
        await setLanguage(token, language);
        for (const width of [390, 1366]) {
          const context = await run.browser.newContext({ viewport: viewportFor(width) });
          const page = await context.newPage();
          await watchForProblems(page, run.problems);
          await logInAt(page, run.server.url, GARDENER);
          await page.goto(`${run.server.url}/notifications`);
          await page.getByTestId('notification').first().waitFor({ timeout: 20_000 });
          await page.getByTestId('push-setup').waitFor();
          await page.addStyleTag({ content: HIDE_TOASTS });
          const title = await page.locator('#page-title').textContent();
          expect(title).toBe(language === 'id' ? 'Notifikasi' : 'Notifications');
          // Nothing wider than the screen.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBe(0);
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `notifications-${language}-${width}.png`),
            fullPage: true,
          });
          await context.close();
        }
      }
    } finally {
      await setLanguage(token, 'id');
    }
    expect(run.problems).toEqual([]);
  }, 180_000);

  it('tells an iPhone in a Safari tab to add the app to the home screen first', async () => {
    const IPHONE =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const context = await run.browser.newContext({ viewport: viewportFor(390), userAgent: IPHONE });
    const page = await context.newPage();
    await watchForProblems(page, run.problems);
    await logInAt(page, run.server.url, GARDENER);
    await page.goto(`${run.server.url}/notifications`);
    const setup = page.getByTestId('push-setup');
    await setup.waitFor();
    expect(await setup.getAttribute('data-state')).toBe('ios-install');
    expect(await setup.textContent()).toContain('Tambahkan ke Layar Utama');
    // Nothing to press: the text says what to do instead.
    expect(await setup.getByRole('button').count()).toBe(0);
    await setup.scrollIntoViewIfNeeded();
    await page.addStyleTag({ content: HIDE_TOASTS });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'notifications-push-ios-390.png') });
    await context.close();
    expect(run.problems).toEqual([]);
  }, 120_000);

  it('with notifications denied: says so, no button, and the inbox and bell still fill', async () => {
    await approvedRequest();
    for (const width of [390, 1366]) {
      const context = await run.browser.newContext({ viewport: viewportFor(width) });
      const page = await context.newPage();
      await watchForProblems(page, run.problems);
      // The user blocked notifications for the site (Chromium's own setting, as its prompt sets it).
      const cdp = await context.newCDPSession(page);
      const { targetInfo } = await cdp.send('Target.getTargetInfo');
      await cdp.send('Browser.setPermission', {
        ...(targetInfo.browserContextId !== undefined && {
          browserContextId: targetInfo.browserContextId,
        }),
        permission: { name: 'notifications' },
        setting: 'denied',
        origin: run.server.url,
      });
      await logInAt(page, run.server.url, GARDENER);
      await page.goto(`${run.server.url}/notifications`);
      expect(await page.evaluate(() => Notification.permission)).toBe('denied');
      const setup = page.getByTestId('push-setup');
      await setup.waitFor();
      await expect.poll(() => setup.getAttribute('data-state')).toBe('denied');
      expect(await setup.textContent()).toContain('Notifikasi diblokir untuk situs ini');
      expect(await setup.textContent()).toContain('tetap diperbarui');
      expect(await setup.getByRole('button').count()).toBe(0);
      // What the sync brought is in the inbox and the bell counts it, without push.
      await page.getByTestId('notification').first().waitFor({ timeout: 20_000 });
      expect(Number(await page.getByTestId('bell-count').first().textContent())).toBeGreaterThan(0);
      await setup.scrollIntoViewIfNeeded();
      await page.addStyleTag({ content: HIDE_TOASTS });
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `notifications-push-denied-${width}.png`),
      });
      await context.close();
    }
    expect(run.problems).toEqual([]);
  }, 180_000);
});
