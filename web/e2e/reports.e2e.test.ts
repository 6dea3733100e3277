/**
 * Reports offline in a real Chromium against the real server (issue 3's offline test): a
 * custodian files a report with a before photo with the network off, sees it at once marked
 * not synced, reloads offline and still has it, then goes online and the server holds it
 * exactly once with its photo bytes. Also: the form's draft survives a reload, a missing
 * description and a too-large photo are shown on their fields, the owner edits the report
 * (status, work type, after photo), and an admin changes status, notes and deletes it.
 *
 * Needs `npx turbo run build --filter=@urs/web --filter=@urs/scripts` first.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN,
  CUSTODIAN,
  HIDE_TOASTS,
  apiCall,
  apiToken,
  makeJpeg,
  signInAndSync as signInAndSyncAt,
  storeRows,
  syncNow,
  type Account,
  openPage,
  untilNothingUnsynced,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

/** The report the offline test files; the admin test works on it afterwards. */
let filed: { id: string; description: string } | null = null;

shareServerAndBrowser((run) => ({ server, browser } = run));

const problems: string[] = [];

const newPage = () =>
  openPage(browser, problems, { viewport: { width: 390, height: 844 }, csp: true });

const signInAndSync = (page: Page, who: Account) => signInAndSyncAt(page, server.url, who);

const adminToken = () => apiToken(server.url, ADMIN);

describe('reports offline in a real browser', () => {
  it('files a report with a photo offline, keeps it over an offline reload, then syncs it once', async () => {
    const { context, page } = await newPage();
    await signInAndSync(page, CUSTODIAN);
    const description = `Wastafel bocor e2e ${Date.now()}`;
    const jpeg = await makeJpeg(page, '#2266aa');

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Buat laporan' }).click();
    await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
    await page.getByLabel('Area', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Jenis pekerjaan').selectOption('repair');
    await page.getByLabel('Deskripsi').fill(description);
    await page
      .getByTestId('photo-gallery-before')
      .setInputFiles({ name: 'sebelum.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.locator('.rp-thumb img').first().waitFor();
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'report-create-390.png'),
      style: HIDE_TOASTS,
      fullPage: true,
    });

    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page.waitForURL((url) => /^\/reports\/[0-9a-f-]{36}$/.test(url.pathname));
    const reportId = new URL(page.url()).pathname.split('/')[2] ?? '';
    await page.getByText(description).waitFor();
    await page.getByText('Perbaikan').waitFor();
    await page.getByTestId('unsynced').waitFor();
    const beforeSection = page.getByRole('region', { name: 'Foto sebelum' });
    await beforeSection.locator('img').first().waitFor();
    const photoId =
      (await beforeSection.locator('[data-photo-id]').first().getAttribute('data-photo-id')) ?? '';
    expect(photoId).toMatch(/^[0-9a-f-]{36}$/);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'report-detail-390.png'),
      style: HIDE_TOASTS,
      fullPage: true,
    });

    // The lightbox: opens on the thumbnail, closes with Escape.
    await beforeSection.getByRole('button', { name: /Perbesar/ }).click();
    const lightbox = page.getByRole('dialog', { name: /Foto sebelum/ });
    await lightbox.locator('img').waitFor();
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });

    // My reports, at once, marked not synced.
    await page.goto(`${server.url}/user/reports`);
    const card = page.locator(`[data-report-id="${reportId}"]`);
    await card.waitFor();
    await card.getByText('Belum terkirim').waitFor();
    await card.getByText('1 foto').waitFor();

    // A reload with no network: the report and its photo are still on the device.
    await page.reload();
    await card.waitFor();
    await card.getByText(description).waitFor();
    await card.getByText('Belum terkirim').waitFor();
    await card.getByRole('link', { name: 'Detail' }).click();
    await page.getByRole('region', { name: 'Foto sebelum' }).locator('img').first().waitFor();

    // Online again: sync now, and the marker goes away.
    await context.setOffline(false);
    await page.getByTestId('sync-indicator').click();
    await page.getByRole('button', { name: 'Sinkronkan sekarang' }).click();
    await untilNothingUnsynced(page);

    const token = await adminToken();
    const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };
    const list = await fetch(`${server.url}/api/reports?q=${encodeURIComponent(description)}`, {
      headers: auth,
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as {
      data: {
        id: string;
        description: string;
        work_type: string;
        photo_counts: { before: number; after: number };
      }[];
      meta: { total: number };
    };
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      id: reportId,
      description,
      photo_counts: { before: 1, after: 0 },
    });
    const photo = await fetch(`${server.url}/api/photos/${photoId}`, { headers: auth });
    expect(photo.status).toBe(200);
    const bytes = new Uint8Array(await photo.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(100);
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);

    await page.goto(`${server.url}/user/reports`);
    await card.waitFor();
    expect(await card.getByText('Belum terkirim').count()).toBe(0);
    filed = { id: reportId, description };

    // The dashboard counts it this week and lists it among the last seven days.
    await page.goto(server.url);
    await page.getByText('Selamat datang, ').waitFor();
    await page.locator(`[data-report-id="${reportId}"]`).waitFor();
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'dashboard-390.png'),
      style: HIDE_TOASTS,
      fullPage: true,
    });
    await context.close();
  });

  it('keeps a draft over a reload, shows field and photo errors, and edits the synced report', async () => {
    const { context, page } = await newPage();
    await signInAndSync(page, CUSTODIAN);
    await page.goto(`${server.url}/reports/create`);
    await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();

    // Saved without a description (and without an area): both fields say why.
    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page.getByText('Deskripsi wajib diisi.').waitFor();
    await page.getByText('Pilih area.').waitFor();
    expect(await page.getByLabel('Deskripsi').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/reports/create');

    // A photo over 10 MB is refused with the spec's words and never reaches the form.
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    await page
      .getByTestId('photo-camera-before')
      .setInputFiles({ name: 'besar.jpg', mimeType: 'image/jpeg', buffer: huge });
    await page.getByText('File terlalu besar: Ukuran gambar maksimal 10 MB.').waitFor();
    expect(await page.locator('.rp-thumb').count()).toBe(0);

    const draft = `Draf lampu koridor ${Date.now()}`;
    await page.getByLabel('Area', { exact: true }).selectOption({ index: 1 });
    const area = await page.getByLabel('Area', { exact: true }).inputValue();
    await page.getByLabel('Deskripsi').fill(draft);
    await page.getByTestId('photo-gallery-after').setInputFiles({
      name: 'sesudah.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(page, '#aa3322'),
    });
    await page.locator('.rp-thumb img').first().waitFor();

    await page.reload();
    await page.getByText('Isian yang belum disimpan dipulihkan.').waitFor();
    expect(await page.getByLabel('Deskripsi').inputValue()).toBe(draft);
    // The areas list loads from IndexedDB after the draft: the select shows its value once it has.
    await expect.poll(() => page.getByLabel('Area', { exact: true }).inputValue()).toBe(area);
    await page.getByRole('group', { name: 'Foto sesudah' }).locator('img').first().waitFor();

    // Cancel throws the draft away, once the user says so.
    await page.getByRole('button', { name: 'Batal' }).click();
    const discard = page.getByRole('dialog', { name: 'Buang isian laporan?' });
    await discard.getByRole('button', { name: 'Buang' }).click();
    await page.getByRole('heading', { name: 'Laporan Saya' }).waitFor();
    await page.goto(`${server.url}/reports/create`);
    await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
    expect(await page.getByLabel('Deskripsi').inputValue()).toBe('');
    // ?area=<id> (the QR code on a room's door) preselects the area.
    const someArea =
      (await page
        .getByLabel('Area', { exact: true })
        .locator('option')
        .nth(2)
        .getAttribute('value')) ?? '';
    expect(someArea).not.toBe('');
    await page.goto(`${server.url}/reports/create?area=${someArea}`);
    await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
    await expect.poll(() => page.getByLabel('Area', { exact: true }).inputValue()).toBe(someArea);

    // Editing the synced report: new status (only allowed ones offered) and an after photo.
    if (filed === null) throw new Error('the offline test did not file its report');
    await page.goto(`${server.url}/reports/${filed.id}/edit`);
    await page.getByRole('heading', { name: 'Edit Laporan' }).waitFor();
    expect(await page.getByLabel('Deskripsi').inputValue()).toBe(filed.description);
    const statuses = await page
      .getByLabel('Status')
      .locator('option')
      .evaluateAll((options) => options.map((o) => o.getAttribute('value')));
    // Her own pending work (decision 028's table: its assignee, who filed it, note 3): she
    // starts it, completes it or cancels it, as staff always could.
    expect(statuses).toEqual(['pending', 'in_progress', 'completed', 'cancelled']);
    await page.getByLabel('Status').selectOption('in_progress');
    await page.getByLabel('Jenis pekerjaan').selectOption('inspection');
    await page.getByTestId('photo-gallery-after').setInputFiles({
      name: 'sesudah.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(page, '#22aa55'),
    });
    await page.getByRole('group', { name: 'Foto sesudah' }).locator('img').first().waitFor();
    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page.waitForURL((url) => url.pathname === `/reports/${filed?.id ?? ''}`);
    await page.locator('.rp-status', { hasText: 'Dikerjakan' }).waitFor();
    await page.getByText('Inspeksi').waitFor();
    await page.getByRole('region', { name: 'Foto sesudah' }).locator('img').first().waitFor();
    await untilNothingUnsynced(page);
    await context.close();
  });

  it('lets the admin move the status, write a note and delete the report after confirming', async () => {
    if (filed === null) throw new Error('the offline test did not file its report');
    const { id, description } = filed;
    const { context, page } = await newPage();
    await signInAndSync(page, ADMIN);
    await page.goto(`${server.url}/reports/${id}`);
    await page.getByText(description).waitFor();
    // Its reporter, who is also its assignee (her own work): named in the facts and the job.
    await page.getByTestId('job-assignee').getByText('Siti Aminah').waitFor();
    // Not on the admin's device: fetched from the server with the bearer token.
    await page.getByRole('region', { name: 'Foto sebelum' }).locator('img').first().waitFor();
    // The custodian's edit arrived: in progress, with an after photo.
    await page.locator('.rp-status', { hasText: 'Dikerjakan' }).waitFor();
    await page.getByRole('region', { name: 'Foto sesudah' }).locator('img').first().waitFor();
    // From in_progress only completing and cancelling are offered (decision 028's table).
    expect(await page.getByRole('button', { name: 'Mulai kerjakan' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Buka kembali' }).count()).toBe(0);
    // Cancelling asks first; going back changes nothing.
    await page.getByRole('button', { name: 'Batalkan pekerjaan' }).click();
    const cancelling = page.getByRole('dialog', { name: 'Batalkan laporan ini?' });
    await cancelling.getByRole('button', { name: 'Kembali' }).click();
    await cancelling.waitFor({ state: 'detached' });
    await page.locator('.rp-status', { hasText: 'Dikerjakan' }).waitFor();
    await page.getByRole('button', { name: 'Tandai selesai' }).click();
    await page.locator('.rp-status', { hasText: 'Selesai' }).waitFor();
    // An admin may reopen a completed report.
    await page.getByRole('button', { name: 'Buka kembali' }).waitFor();
    await page.getByLabel('Catatan admin').fill('Sudah dicek teknisi.');
    await page.getByRole('button', { name: 'Simpan catatan' }).click();
    await page.locator('.rp-fact dd', { hasText: 'Sudah dicek teknisi.' }).waitFor();

    await page.getByRole('button', { name: 'Hapus laporan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Hapus laporan?' });
    await dialog.getByText('Aksi ini tidak bisa dibatalkan').waitFor();
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Hapus laporan', exact: true }).click();
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await page.waitForURL((url) => url.pathname === '/reports');

    const auth = { authorization: `Bearer ${await adminToken()}`, accept: 'application/json' };
    await expect
      .poll(
        async () => {
          const res = await fetch(
            `${server.url}/api/reports?q=${encodeURIComponent(description)}`,
            { headers: auth },
          );
          return ((await res.json()) as { meta: { total: number } }).meta.total;
        },
        { timeout: 30_000 },
      )
      .toBe(0);
    await context.close();
  });

  it('files a report once when its draft outlives the save (the tab killed before it was cleared), keeping later changes as an edit', async () => {
    const { context, page } = await newPage();
    await signInAndSync(page, CUSTODIAN);
    await page.goto(`${server.url}/reports/create`);
    await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
    const description = `Pintu gudang macet e2e ${Date.now()}`;
    await page.getByLabel('Area', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Deskripsi').fill(description);
    const readDraft = () =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('urs_report_draft:'));
        return key === undefined ? null : { key, text: localStorage.getItem(key) ?? '' };
      });
    await expect.poll(async () => (await readDraft())?.text ?? '').toContain(description);
    const draft = await readDraft();
    if (draft === null) throw new Error('no draft kept');

    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
    const firstUrl = page.url();
    expect(await readDraft()).toBeNull();

    // As if the tab had died between the save and the draft's removal: the draft is back.
    await page.evaluate(({ key, text }) => localStorage.setItem(key, text), draft);
    await page.goto(`${server.url}/reports/create`);
    await page.getByText('Isian yang belum disimpan dipulihkan.').waitFor();
    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page
      .getByText('Laporan ini sudah tersimpan sebelumnya; tidak dibuat dua kali.')
      .waitFor();
    await page.waitForURL(firstUrl);
    expect(await readDraft()).toBeNull();

    // Back once more, and this time changed before the save: the change is not dropped, it
    // waits in the report's edit form.
    await page.evaluate(({ key, text }) => localStorage.setItem(key, text), draft);
    await page.goto(`${server.url}/reports/create`);
    await page.getByText('Isian yang belum disimpan dipulihkan.').waitFor();
    const changed = `${description}, engselnya lepas`;
    await page.getByLabel('Deskripsi').fill(changed);
    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page.getByText('Perubahan Anda ada di formulir ubah: periksa, lalu simpan.').waitFor();
    await page.waitForURL(`${firstUrl}/edit`);
    expect(await page.getByLabel('Deskripsi').inputValue()).toBe(changed);
    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page.waitForURL(firstUrl);
    await page.getByText(changed).waitFor();
    expect(await readDraft()).toBeNull();

    await untilNothingUnsynced(page);
    const list = await fetch(`${server.url}/api/reports?q=${encodeURIComponent(description)}`, {
      headers: { authorization: `Bearer ${await adminToken()}`, accept: 'application/json' },
    });
    const found = (await list.json()) as {
      meta: { total: number };
      data: { description: string }[];
    };
    expect(found.meta.total).toBe(1);
    expect(found.data[0]?.description).toBe(changed);
    await context.close();
  });

  it("still names a report's area after an admin deletes the area", async () => {
    const token = await adminToken();
    const call = (method: string, path: string, body?: unknown) =>
      apiCall(server.url, token, method, path, body);
    const name = `Gudang lama ${Date.now()}`;
    const created = (await (await call('POST', '/api/areas', { name })).json()) as {
      data: { id: string };
    };
    const { context, page } = await newPage();
    await signInAndSync(page, CUSTODIAN);
    await page.goto(`${server.url}/reports/create?area=${created.data.id}`);
    await page.getByLabel('Deskripsi').fill('Rak gudang roboh sebagian');
    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
    const reportUrl = page.url();
    await untilNothingUnsynced(page);

    // Deactivated, its poster's link no longer files reports in it: the form asks again.
    expect((await call('PATCH', `/api/areas/${created.data.id}`, { active: false })).status).toBe(
      200,
    );
    await syncNow(page);
    await expect
      .poll(() =>
        storeRows<{ id: string; active: boolean }>(page, 'areas').then(
          (rows) => rows.find((r) => r.id === created.data.id)?.active,
        ),
      )
      .toBe(false);
    await page.goto(`${server.url}/reports/create?area=${created.data.id}`);
    await page
      .getByText(`Area ${name} sudah tidak aktif. Pilih area lain untuk laporan ini.`)
      .waitFor();
    expect(await page.getByLabel('Area', { exact: true }).inputValue()).toBe('');
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'report-create-inactive-area-390.png'),
    });

    expect((await call('DELETE', `/api/areas/${created.data.id}`)).status).toBe(200);
    await syncNow(page);
    await expect
      .poll(() =>
        storeRows<{ id: string }>(page, 'areas').then(
          (rows) => rows.length > 0 && !rows.some((r) => r.id === created.data.id),
        ),
      )
      .toBe(true);
    await page.goto(reportUrl);
    await page.getByText(name).first().waitFor();
    expect(await page.getByText('Area tidak dikenal').count()).toBe(0);
    await context.close();
  });

  it('says the server is unreachable, and the report saved on the device, when a network is up but reaches nothing', async () => {
    const { context, page } = await newPage();
    await signInAndSync(page, CUSTODIAN);
    // A Wi-Fi with no way out: the browser is online, every API request fails.
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.getByTestId('sync-indicator').click();
    await page.getByRole('button', { name: 'Sinkronkan sekarang' }).click();
    await page.getByTestId('sync-indicator').getByText('Server tak terjangkau').waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    await page.goto(`${server.url}/reports/create`);
    await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
    await page.getByLabel('Area', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Deskripsi').fill(`Atap bocor tanpa sinyal ${Date.now()}`);
    // A fresh page learns it from its own first sync.
    await page.getByTestId('sync-indicator').getByText('Server tak terjangkau').waitFor();
    await page.getByRole('button', { name: 'Simpan laporan' }).click();
    await page.getByText('Laporan disimpan di perangkat dan akan dikirim saat online.').waitFor();
    await page.waitForTimeout(1500);
    await page.addStyleTag({ content: HIDE_TOASTS });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sync-unreachable-pending-390.png') });

    await context.unroute('**/api/**');
    await page.getByTestId('sync-indicator').click();
    await page.getByRole('button', { name: 'Sinkronkan sekarang' }).click();
    await page.getByTestId('sync-indicator').getByText('Daring').waitFor();
    await untilNothingUnsynced(page);
    await context.close();
  });

  it('shrinks a large photo in a worker, upright, without loading the library on the page', async () => {
    const { page } = await newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await signInAndSync(page, CUSTODIAN);
    const photo = withExifOrientation(await makeLargeJpeg(page, 4000, 3000), 6);

    await page.getByRole('link', { name: 'Buat laporan' }).click();
    await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
    await page
      .getByTestId('photo-gallery-before')
      .setInputFiles({ name: 'besar.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.locator('.rp-thumb img').first().waitFor();

    // Stored turned as the EXIF says (4000 x 3000 on its side: 3:4 upright), the long edge at
    // most 1920 px (less when noise keeps it over 1 MB: the library shrinks it further).
    const sizes = await page.evaluate(async () => {
      const rows = await new Promise<{ bytes: ArrayBuffer; mime_type: string; uploaded: 0 | 1 }[]>(
        (resolve) => {
          const open = indexedDB.open('urs');
          open.onsuccess = () => {
            const request = open.result.transaction('photos').objectStore('photos').getAll();
            request.onsuccess = () => resolve(request.result as never);
          };
        },
      );
      // The sync also fetched the photos of the custodian's open jobs (stored as uploaded): only
      // the one just taken is not.
      return Promise.all(
        rows
          .filter((row) => row.uploaded === 0)
          .map(async (row) => {
            const bitmap = await createImageBitmap(new Blob([row.bytes], { type: row.mime_type }));
            return [bitmap.width, bitmap.height, row.bytes.byteLength];
          }),
      );
    });
    expect(sizes).toHaveLength(1);
    const [width, height, bytes] = sizes[0] ?? [];
    expect(height).toBeLessThanOrEqual(1920);
    expect(height).toBeGreaterThan(1000);
    expect((width ?? 0) / (height ?? 1)).toBeCloseTo(0.75, 2);
    expect(bytes).toBeLessThan(photo.length);

    // The worker did it: it is running, and the page never fetched the library for itself.
    expect(page.workers().some((worker) => /photo-compress\.worker-/.test(worker.url()))).toBe(
      true,
    );
    expect(requested.some((url) => /\/assets\/photo-compress\.worker-/.test(url))).toBe(true);
    expect(requested.filter((url) => /\/assets\/browser-image-compression-/.test(url))).toEqual([]);
  });

  it('saw no uncaught errors and no CSP violations along the way', () => {
    expect(problems).toEqual([]);
  });
});

/** A photo-sized JPEG (noise, so it does not compress to nothing) from the browser's encoder. */
async function makeLargeJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (ctx === null) throw new Error('no 2d context');
      const image = ctx.createImageData(w, h);
      for (let i = 0; i < image.data.length; i += 4) {
        image.data[i] = (i * 7) % 251;
        image.data[i + 1] = (i * 13) % 241;
        image.data[i + 2] = (i * 17) % 239;
        image.data[i + 3] = 255;
      }
      ctx.putImageData(image, 0, 0);
      return canvas.toDataURL('image/jpeg', 0.9);
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** The JPEG with an EXIF segment whose only tag is its orientation, as a phone camera writes. */
function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
  const u32 = (n: number) => Buffer.concat([u16(n >>> 16), u16(n & 0xffff)]);
  const tiff = Buffer.concat([
    Buffer.from('MM\0*', 'binary'), // big-endian TIFF header
    u32(8), // its first IFD right after the header
    u16(1), // one entry: Orientation (0x0112), a SHORT, one value, padded to four bytes
    u16(0x0112),
    u16(3),
    u32(1),
    u16(orientation),
    u16(0),
    u32(0), // no next IFD
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), u16(payload.length + 2), payload]);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}
