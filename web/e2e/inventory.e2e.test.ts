/**
 * Inventory offline in a real Chromium against the real server (issue 6's browser test): a
 * custodian with the network off records the use of an item (the list shows the new stock at
 * once, marked pending) and files a custom request with a product image; both survive an
 * offline reload; back online they sync once (the server's stock moves by exactly the quantity,
 * the request gets its REQ- number). An admin approves it with a note, and the custodian sees
 * the approval after the next sync.
 *
 * Needs `npx turbo run build --filter=@urs/web --filter=@urs/scripts` first.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { InventoryItem, ItemRequest } from '@urs/sync-protocol';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';
import {
  ADMIN,
  CUSTODIAN,
  HIDE_TOASTS,
  apiGet,
  apiToken,
  makeJpeg,
  outboxCount,
  signInAndSync,
  storeRows,
  syncNow,
  openPageAt,
} from './app-kit.js';

const run = shareServerAndBrowser();

const newPage = (width: number) => openPageAt(run, width);

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, name), style: HIDE_TOASTS, fullPage: true });

describe('inventory offline in a real browser', () => {
  it('records usage and a custom request offline, syncs once, and the admin approval comes back', async () => {
    const custodian = await newPage(390);
    const page = custodian.page;
    await signInAndSync(page, run.server.url, CUSTODIAN);

    // A seeded active item with enough stock, as the device has it.
    const items = await storeRows<InventoryItem>(page, 'inventory_items');
    const item = items.find((row) => row.active && row.stock >= 10);
    if (item === undefined) throw new Error('no seeded item with stock');
    const admin = await apiToken(run.server.url, ADMIN);
    const serverStock = async () => {
      const path = `/api/inventory/items/${item.id}`;
      return (await apiGet<{ data: { item: { stock: number } } }>(run.server.url, admin, path)).data
        .item.stock;
    };
    const stockBefore = await serverStock();
    const customName = `Semprotan kaca e2e ${Date.now()}`;
    const jpeg = await makeJpeg(page, '#44aa66');

    // The toaster loads with the first toast: here, offline, from the service worker's precache.
    const toasterFetched = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/toaster-[\w-]{8}\.js$/.test(entry.name)),
      );
    expect(await toasterFetched()).toBe(false);
    await custodian.context.setOffline(true);
    await page.goto(`${run.server.url}/inventory?q=${encodeURIComponent(item.name)}`);
    const row = page.locator(`[data-item-id="${item.id}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: `Catat transaksi ${item.name}` }).click();
    const stockForm = page.getByRole('dialog');
    await stockForm.getByRole('radio', { name: 'Keluar' }).check();
    await stockForm.getByLabel('Jumlah').fill('2');
    await stockForm.getByLabel('Catatan (opsional)').fill('Dipakai untuk kelas 7A');
    await stockForm.getByRole('button', { name: 'Simpan transaksi' }).click();
    await stockForm.waitFor({ state: 'detached' });
    await expect
      .poll(() => row.getByTestId('item-stock').textContent())
      .toContain(String(item.stock - 2));
    await row.getByText('Belum terkirim').waitFor();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Transaksi dicatat' })
      .first()
      .waitFor();
    expect(await toasterFetched()).toBe(true);
    await shot(page, 'inventory-offline-390.png');

    // A custom request needs its name and image; the image stays on the device until online.
    await page.getByRole('tab', { name: 'Permintaan' }).click();
    // What enters the top layer, in order: modal dialogs and the toasts' popover.
    await page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { topLayer: string[] }).topLayer = log;
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.target instanceof HTMLDialogElement && r.target.open) log.push('dialog');
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
      document.addEventListener(
        'toggle',
        (event) => {
          const target = event.target as Element;
          if (target.matches('.toast-layer') && event.newState === 'open') {
            log.push('toasts');
          }
        },
        true,
      );
    });
    await page.getByRole('button', { name: 'Ajukan permintaan' }).click();
    const form = page.getByTestId('request-form');
    await form.getByRole('radio', { name: /Barang baru/ }).check();
    await form.getByRole('button', { name: 'Kirim permintaan' }).click();
    await form.getByText('Isi nama barang yang ingin diajukan.').waitFor();
    await form.getByText('Silakan unggah gambar produk sebagai referensi.').waitFor();
    // The spec's toast for it shows above the form's dialog, not under its backdrop: the
    // toasts' popover was shown (again) after the dialog opened, so it is the top layer's top.
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Lengkapi nama barang' })
      .first()
      .waitFor();
    const order = await page.evaluate(() => (window as unknown as { topLayer: string[] }).topLayer);
    expect(order.lastIndexOf('toasts')).toBeGreaterThan(order.indexOf('dialog'));
    expect(order.indexOf('dialog')).toBeGreaterThanOrEqual(0);
    await shot(page, 'inventory-request-toast-over-dialog-390.png');
    expect(await outboxCount(page)).toBe(1);
    await form.getByLabel('Nama barang').fill(customName);
    await form
      .getByTestId('request-image-gallery')
      .setInputFiles({ name: 'semprotan.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await form.locator('img').first().waitFor();
    await form.getByLabel('Jumlah').fill('3');
    await shot(page, 'inventory-request-form-390.png');
    await form.getByRole('button', { name: 'Kirim permintaan' }).click();
    await form.waitFor({ state: 'detached' });
    const requestRow = page
      .getByTestId('request-list')
      .locator('li')
      .filter({ hasText: customName });
    await requestRow.getByText('Bernomor setelah terkirim').waitFor();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Permintaan disimpan di perangkat dan akan dikirim saat online.' })
      .first()
      .waitFor();
    expect(await outboxCount(page)).toBe(2);

    // An offline reload keeps both.
    await page.reload();
    await requestRow.getByText('Bernomor setelah terkirim').waitFor();
    await page.goto(`${run.server.url}/inventory?q=${encodeURIComponent(item.name)}`);
    await expect
      .poll(() => row.getByTestId('item-stock').textContent())
      .toContain(String(item.stock - 2));
    expect(await outboxCount(page)).toBe(2);
    expect(await serverStock()).toBe(stockBefore);

    // Online: one sync applies both, once.
    await custodian.context.setOffline(false);
    await syncNow(page);
    await expect.poll(() => outboxCount(page), { timeout: 30_000 }).toBe(0);
    expect(await serverStock()).toBe(stockBefore - 2);
    await syncNow(page);
    expect(await serverStock()).toBe(stockBefore - 2);
    const requests = await storeRows<ItemRequest>(page, 'item_requests');
    const mine = requests.find((r) => r.custom_name === customName);
    expect(mine?.number).toMatch(/^REQ-\d{4}-\d{6}$/);
    const number = mine?.number ?? '';

    // The admin approves it with a note, on a desktop.
    const desk = await newPage(1280);
    await signInAndSync(desk.page, run.server.url, ADMIN);
    await desk.page.goto(`${run.server.url}/inventory?tab=requests&q=${number}`);
    await desk.page.getByTestId('request-list').getByText(customName).click();
    const detail = desk.page.getByTestId('request-detail');
    await detail.getByRole('img').waitFor();
    await detail.getByRole('button', { name: 'Setujui' }).click();
    await desk.page.getByLabel('Catatan untuk pemohon').fill('Silakan ambil di gudang besok.');
    await desk.page.getByRole('dialog').last().getByRole('button', { name: 'Setujui' }).click();
    await expect.poll(() => outboxCount(desk.page), { timeout: 30_000 }).toBe(0);
    await shot(desk.page, 'inventory-request-approved-1280.png');
    await desk.context.close();

    // The custodian's next sync brings the approval.
    await syncNow(page);
    await page.goto(`${run.server.url}/inventory?tab=requests&request=${mine?.id ?? ''}`);
    const timeline = page.getByTestId('request-timeline');
    await timeline.getByText('Disetujui oleh', { exact: false }).waitFor({ timeout: 30_000 });
    await timeline.getByText('Silakan ambil di gudang besok.', { exact: false }).waitFor();
    await custodian.context.close();
    expect(run.problems).toEqual([]);
  }, 180_000);
});
