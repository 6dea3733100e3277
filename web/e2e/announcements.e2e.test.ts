/**
 * Announcements end to end: the admin composes one for gardeners only (pinned, important, with a
 * link); the gardener sees it first and unread, with the sidebar badge counting it; opening it
 * marks it read and the badge drops; the custodian never sees it; an edited title reaches the
 * gardener after a sync; an empty title shows its field error. A second case runs the unread poll
 * on a fake clock: one 60 s tick raises the gardener's badge with the '1 pengumuman baru' toast
 * while the custodian's stays put, and after one sync the gardener reads it with no network.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  CUSTODIAN,
  GARDENER,
  HIDE_TOASTS,
  lastSyncDone,
  logInAt,
  outboxCount,
  syncNow,
  type Account,
  openPageAt,
  untilServiceWorkerControls,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';

const run = shareServerAndBrowser();

const newPage = (width: number) => openPageAt(run, width);

async function logIn(page: Page, who: Account) {
  await logInAt(page, run.server.url, who);
  await page.locator('.sidebar-user-name').waitFor({ state: 'attached' });
  await expect.poll(() => lastSyncDone(page), { timeout: 20_000 }).toBe(true);
}

async function openList(page: Page) {
  await page.goto(`${run.server.url}/announcements`);
  await page.getByRole('heading', { name: 'Pengumuman', level: 1 }).waitFor();
}

/** The sidebar badge's number, read in one step: the badge may vanish between two reads. */
async function badgeCount(page: Page): Promise<number> {
  const text = await page.evaluate(
    () =>
      document.querySelector('.sidebar-nav [data-nav="announcements"] .badge')?.textContent ?? '0',
  );
  return Number(text);
}

const card = (page: Page, title: string) =>
  page
    .getByTestId('announcement')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });

describe('announcements', () => {
  const title = `Penyiraman taman ${Date.now()}`;
  const edited = `${title} (revisi)`;
  const link = 'https://urs.sch.id/jadwal-taman';

  it('admin composes for gardeners; gardener reads it; custodian never sees it; edits arrive', async () => {
    const admin = await newPage(1280);
    await logIn(admin.page, ADMIN);
    await admin.page.goto(`${run.server.url}/announcements/new`);
    await admin.page.getByRole('heading', { name: 'Tulis Pengumuman', level: 1 }).waitFor();

    // An empty title is refused per field, before anything is queued.
    await admin.page.getByLabel('Isi pengumuman').fill(`Jadwal baru.\nDetail: ${link}.`);
    await admin.page.getByRole('button', { name: 'Simpan pengumuman' }).click();
    await admin.page.getByText('Judul wajib diisi.').waitFor();
    expect(await admin.page.getByLabel('Judul').getAttribute('aria-invalid')).toBe('true');
    // The field that says why has the focus, so a phone scrolls it into view.
    await expect
      .poll(() => admin.page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('title');

    await admin.page.getByLabel('Judul').fill(title);
    await admin.page.getByLabel('Peran tertentu').check();
    await admin.page.getByLabel('Gardener').check();
    await admin.page.getByRole('radio', { name: 'Penting' }).check();
    await admin.page.getByLabel('Sematkan di atas').check();
    await admin.page.getByRole('button', { name: 'Simpan pengumuman' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/announcements');
    await card(admin.page, title).waitFor();
    await expect.poll(() => outboxCount(admin.page), { timeout: 20_000 }).toBe(0);

    // The gardener: first in the list, unread, counted by the badge.
    const gardener = await newPage(390);
    await logIn(gardener.page, GARDENER);
    await openList(gardener.page);
    await card(gardener.page, title).waitFor({ timeout: 20_000 });
    const first = gardener.page.getByTestId('announcement').first();
    expect(await first.getByRole('button', { name: title, exact: true }).count()).toBe(1);
    await first.getByTestId('unread').waitFor();
    await first.getByTestId('pinned').waitFor();
    await first.getByText('Penting', { exact: true }).waitFor();
    await expect.poll(() => badgeCount(gardener.page), { timeout: 20_000 }).toBeGreaterThan(0);
    const before = await badgeCount(gardener.page);
    await gardener.page.addStyleTag({ content: HIDE_TOASTS });
    await gardener.page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'announcements-390.png'),
      fullPage: true,
    });

    // Opening marks it read; after the sync the badge drops by one.
    await first.getByRole('button', { name: title, exact: true }).click();
    const anchor = first.getByRole('link', { name: link });
    await anchor.waitFor();
    expect(await anchor.getAttribute('href')).toBe(link);
    expect(await anchor.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await anchor.getAttribute('target')).toBe('_blank');
    await first.getByTestId('unread').waitFor({ state: 'detached' });
    await expect.poll(() => badgeCount(gardener.page), { timeout: 30_000 }).toBe(before - 1);

    // The custodian's device never receives it.
    const custodian = await newPage(1280);
    await logIn(custodian.page, CUSTODIAN);
    await openList(custodian.page);
    await custodian.page.waitForTimeout(500);
    expect(await card(custodian.page, title).count()).toBe(0);
    await custodian.context.close();

    // The admin edits the title; the gardener sees it after a sync.
    await card(admin.page, title).getByRole('button', { name: title, exact: true }).click();
    await card(admin.page, title).getByRole('link', { name: 'Edit' }).click();
    await admin.page.getByRole('heading', { name: 'Edit Pengumuman', level: 1 }).waitFor();
    await admin.page.getByLabel('Judul').fill(edited);
    await admin.page.getByRole('button', { name: 'Simpan pengumuman' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/announcements');
    await card(admin.page, edited).waitFor();
    await expect.poll(() => outboxCount(admin.page), { timeout: 20_000 }).toBe(0);

    await syncNow(gardener.page);
    await card(gardener.page, edited).waitFor({ timeout: 30_000 });
    expect(await card(gardener.page, title).count()).toBe(0);

    // Offline: 'Tandai semua dibaca' queues every mark at once; online again, they are sent.
    await gardener.context.setOffline(true);
    await gardener.page.getByRole('button', { name: 'Tandai semua dibaca' }).click();
    await gardener.page.getByTestId('unread').first().waitFor({ state: 'detached' });
    expect(await gardener.page.getByTestId('unread').count()).toBe(0);
    expect(await outboxCount(gardener.page)).toBeGreaterThan(0);
    await gardener.context.setOffline(false);
    await syncNow(gardener.page);
    await expect.poll(() => outboxCount(gardener.page), { timeout: 30_000 }).toBe(0);
    await syncNow(gardener.page);
    await expect.poll(() => badgeCount(gardener.page), { timeout: 30_000 }).toBe(0);

    // Unsaved input: leaving asks first; staying keeps the input.
    await card(admin.page, edited).getByRole('button', { name: edited, exact: true }).click();
    await card(admin.page, edited).getByRole('link', { name: 'Edit' }).click();
    await admin.page.getByRole('heading', { name: 'Edit Pengumuman', level: 1 }).waitFor();
    await admin.page.getByLabel('Judul').fill(`${edited}!`);
    await admin.page.getByRole('button', { name: 'Batal' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByText('Buang perubahan?').waitFor();
    await dialog.getByRole('button', { name: 'Batal' }).click();
    expect(await admin.page.getByLabel('Judul').inputValue()).toBe(`${edited}!`);

    // Delete after confirming; the gardener loses it on the next sync.
    await admin.page.getByRole('button', { name: 'Hapus' }).click();
    await dialog.getByText('Hapus pengumuman ini?').waitFor();
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/announcements');
    expect(await card(admin.page, edited).count()).toBe(0);
    await expect.poll(() => outboxCount(admin.page), { timeout: 20_000 }).toBe(0);
    await syncNow(gardener.page);
    await card(gardener.page, edited).waitFor({ state: 'detached', timeout: 30_000 });

    await admin.context.close();
    await gardener.context.close();
    expect(run.problems).toEqual([]);
  }, 180_000);

  it('one poll raises the gardener badge with a toast but not the custodian badge; read offline after one sync', async () => {
    const pollTitle = `Pemangkasan pagar ${Date.now()}`;
    const POLL_MS = 60_000;
    const toasts = (page: Page, text: string) =>
      page.locator('[data-sonner-toast]').filter({ hasText: text });

    // Both staff devices run on a fake clock, so "one poll" is one 60 s jump, not a minute's wait.
    const gardener = await newPage(390);
    await gardener.page.clock.install();
    await logIn(gardener.page, GARDENER);
    const custodian = await newPage(1280);
    await custodian.page.clock.install();
    await logIn(custodian.page, CUSTODIAN);

    // Start the gardener from zero unread, so the poll's count is exactly the new one.
    await openList(gardener.page);
    await gardener.page.getByTestId('announcement').first().waitFor();
    const markAll = gardener.page.getByRole('button', { name: 'Tandai semua dibaca' });
    if ((await markAll.count()) > 0) await markAll.click();
    await expect.poll(() => outboxCount(gardener.page), { timeout: 30_000 }).toBe(0);
    // Marking read refetches the count itself. No clock jump while a request is in flight: the
    // jump would fire its timeout too, and the aborted fetch would leave the old count.
    await expect.poll(() => badgeCount(gardener.page), { timeout: 20_000 }).toBe(0);
    const custodianBefore = await badgeCount(custodian.page);
    // Toasts from signing in are gone before the poll under test.
    await expect
      .poll(() => toasts(gardener.page, 'pengumuman baru').count(), { timeout: 20_000 })
      .toBe(0);
    await expect
      .poll(() => toasts(custodian.page, 'pengumuman baru').count(), { timeout: 20_000 })
      .toBe(0);

    const admin = await newPage(1280);
    await logIn(admin.page, ADMIN);
    await admin.page.goto(`${run.server.url}/announcements/new`);
    await admin.page.getByLabel('Judul').fill(pollTitle);
    await admin.page.getByLabel('Isi pengumuman').fill('Pagar sisi timur dipangkas hari Jumat.');
    await admin.page.getByLabel('Peran tertentu').check();
    await admin.page.getByLabel('Gardener').check();
    await admin.page.getByRole('button', { name: 'Simpan pengumuman' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/announcements');
    await expect.poll(() => outboxCount(admin.page), { timeout: 20_000 }).toBe(0);
    await admin.context.close();

    // One poll later: the gardener's badge reads 1 and the toast says so.
    await gardener.page.clock.fastForward(POLL_MS);
    await toasts(gardener.page, '1 pengumuman baru').waitFor({ timeout: 20_000 });
    await toasts(gardener.page, 'Ada pembaruan penting di halaman Pengumuman.').waitFor();
    await expect.poll(() => badgeCount(gardener.page), { timeout: 20_000 }).toBe(1);

    // The same poll on the custodian's device: no rise, no toast.
    await custodian.page.clock.fastForward(POLL_MS);
    await custodian.page.waitForTimeout(1_000);
    expect(await badgeCount(custodian.page)).toBe(custodianBefore);
    expect(await toasts(custodian.page, 'pengumuman baru').count()).toBe(0);
    await custodian.context.close();

    // One sync brings the announcement itself; then it is read with the network off.
    await syncNow(gardener.page);
    await card(gardener.page, pollTitle).waitFor({ timeout: 30_000 });
    await untilServiceWorkerControls(gardener.page);
    await gardener.context.setOffline(true);
    await gardener.page.reload();
    await openList(gardener.page);
    const offlineCard = card(gardener.page, pollTitle);
    await offlineCard.getByTestId('unread').waitFor();
    await offlineCard.getByRole('button', { name: pollTitle, exact: true }).click();
    await offlineCard.getByText('Pagar sisi timur dipangkas hari Jumat.').waitFor();
    await offlineCard.getByTestId('unread').waitFor({ state: 'detached' });
    expect(await outboxCount(gardener.page)).toBeGreaterThan(0);
    await gardener.context.setOffline(false);
    await gardener.context.close();
    expect(run.problems).toEqual([]);
  }, 180_000);
});
