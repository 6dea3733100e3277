import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  apiGet,
  CUSTODIAN,
  HIDE_TOASTS,
  logInAt,
  openPageAt,
  useApiToken,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';

/*
 * The public problem form behind an area's QR poster (issue 40 item 6, decision 029), in a real
 * browser: a visitor without an account fills it on a phone with a photo and gets a reference;
 * the admin closes it and it says so; a signed-in staff member scanning the poster lands on the
 * app's own report form.
 */

const run = shareServerAndBrowser();
const admin = useApiToken(run, ADMIN);

interface Poster {
  area_id: string;
  area_name: string;
  token: string;
}

async function firstPoster(): Promise<Poster> {
  const sheet = await apiGet<{ data: { posters: Poster[] } }>(
    run.server.url,
    admin.token,
    '/api/posters',
  );
  const poster = sheet.data.posters[0];
  if (poster === undefined) throw new Error('the seed has no active area');
  return poster;
}

const posterPage = (poster: Poster) => `${run.server.url}/lapor/${poster.token}`;

/** A 12 MP-sized photo as a phone's camera would give, noisy so that it is megabytes. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 3200;
    canvas.height = 2400;
    const ctx = canvas.getContext('2d');
    if (ctx === null) throw new Error('no 2d context');
    const image = ctx.createImageData(3200, 2400);
    let seed = 7;
    for (let i = 0; i < image.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      image.data[i] = 90 + (seed & 63);
      image.data[i + 1] = 120 + ((seed >> 6) & 63);
      image.data[i + 2] = 160 + ((seed >> 12) & 63);
      image.data[i + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.95);
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** A JPEG's pixel size from its frame header (SOF0..SOF2). */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let at = 2;
  while (at + 9 < bytes.length) {
    const marker = bytes[at + 1] ?? 0;
    const length = ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
    if (marker >= 0xc0 && marker <= 0xc2) {
      return {
        height: ((bytes[at + 5] ?? 0) << 8) + (bytes[at + 6] ?? 0),
        width: ((bytes[at + 7] ?? 0) << 8) + (bytes[at + 8] ?? 0),
      };
    }
    at += 2 + length;
  }
  throw new Error('no JPEG frame header');
}

/** `fullPage: false` for the posters screen: its switch is on top, above a dozen posters. */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.addStyleTag({ content: HIDE_TOASTS });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

async function setSwitch(page: Page, open: boolean): Promise<void> {
  const box = page.getByRole('checkbox', { name: 'Terima laporan masalah dari poster tanpa akun' });
  await expect.poll(() => box.isChecked()).toBe(!open);
  await box.click();
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: open ? 'Formulir poster dibuka.' : 'Formulir poster ditutup.' })
    .first()
    // Attached, not visible: the screenshots before hide the toasts.
    .waitFor({ state: 'attached' });
  await expect.poll(() => box.isChecked()).toBe(open);
}

describe('the public poster form in a real browser', () => {
  it('takes a problem with a photo from a visitor at 390 px and answers a reference', async () => {
    const poster = await firstPoster();
    const { context, page } = await openPageAt(run, 390, { csp: true });
    await page.goto(posterPage(poster));
    await page.getByRole('heading', { name: 'Laporkan masalah' }).waitFor();
    await page.getByText('SMA Harapan Nusantara').waitFor();
    await page.getByText(poster.area_name, { exact: true }).waitFor();
    // Nothing of the app is installed for a visitor: no service worker, no local database.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toEqual([]);
    expect(await page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);

    // Sent empty, the form says what is missing without asking the server.
    await page.getByRole('button', { name: 'Kirim laporan' }).click();
    await page.getByText('Tuliskan masalah yang ingin dilaporkan.').waitFor();

    await page.getByLabel('Apa masalahnya?').fill('Keran wastafel di dekat pintu bocor terus.');
    await page.getByLabel('Nama Anda (opsional)').fill('Budi, XI IPA 2');
    await page.getByLabel('Kontak (opsional)').fill('0812 3456 7890');
    const input = page.getByTestId('poster-photo-input');
    // Not a photo: refused on the phone with the upload limits' own words.
    await input.setInputFiles({
      name: 'catatan.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('bukan gambar'),
    });
    await page.getByText('Jenis berkas tidak didukung. Gunakan JPG, PNG, atau WEBP.').waitFor();
    const photo = await cameraPhoto(page);
    expect(photo.byteLength).toBeGreaterThan(2_000_000);
    await input.setInputFiles({ name: 'IMG_0412.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: 'Foto yang akan dikirim' }).waitFor();
    await page.getByRole('button', { name: 'Ganti foto' }).waitFor();
    await shot(page, 'poster-form-390');

    await page.getByRole('button', { name: 'Kirim laporan' }).click();
    await page.getByRole('heading', { name: 'Terima kasih, laporan terkirim' }).waitFor();
    const reference = (await page.getByTestId('poster-reference').textContent()) ?? '';
    expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    await shot(page, 'poster-sent-390');

    // In the admin's queue: found by its reference, unassigned, from the poster, with the photo
    // made smaller on the phone.
    const list = await apiGet<{ data: { id: string; description: string }[] }>(
      run.server.url,
      admin.token,
      `/api/reports?q=${reference}`,
    );
    expect(list.data).toHaveLength(1);
    const id = list.data[0]?.id ?? '';
    const detail = await apiGet<{
      data: {
        status: string;
        origin: string;
        assignee_id: string | null;
        description: string;
        reporter: { name: string };
        area: { id: string };
        photos: { id: string; kind: string; mime_type: string }[];
      };
    }>(run.server.url, admin.token, `/api/reports/${id}`);
    expect(detail.data).toMatchObject({
      status: 'pending',
      origin: 'poster',
      assignee_id: null,
      reporter: { name: 'Poster QR' },
      area: { id: poster.area_id },
    });
    expect(detail.data.description).toContain('Keran wastafel di dekat pintu bocor terus.');
    expect(detail.data.description).toContain('Nama: Budi, XI IPA 2');
    expect(detail.data.description).toContain('Kontak: 0812 3456 7890');
    expect(detail.data.photos).toHaveLength(1);
    const stored = detail.data.photos[0];
    expect(stored).toMatchObject({ kind: 'before', mime_type: 'image/jpeg' });
    const bytes = await fetch(`${run.server.url}/api/photos/${stored?.id ?? ''}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const sent = new Uint8Array(await bytes.arrayBuffer());
    expect(sent.byteLength).toBeLessThan(photo.byteLength / 2);
    expect(jpegSize(sent)).toEqual({ width: 1920, height: 1440 });

    // Another problem starts from an empty form.
    await page.getByRole('button', { name: 'Laporkan masalah lain' }).click();
    expect(await page.getByLabel('Apa masalahnya?').inputValue()).toBe('');
    expect(run.problems).toEqual([]);
    await context.close();
  });

  it('lays the form out on a desktop at 1366 px', async () => {
    const poster = await firstPoster();
    const { context, page } = await openPageAt(run, 1366, { csp: true });
    await page.goto(posterPage(poster));
    await page.getByLabel('Apa masalahnya?').fill('Lampu koridor lantai 2 berkedip.');
    const card = await page.locator('.poster-card').boundingBox();
    expect(card?.width).toBeLessThanOrEqual(30 * 16 + 1);
    await shot(page, 'poster-form-1366');
    expect(run.problems).toEqual([]);
    await context.close();
  });

  it('closes when the admin turns it off, and says so plainly', async () => {
    const poster = await firstPoster();
    for (const width of [1366, 390]) {
      const { context, page } = await openPageAt(run, width, { csp: true });
      await logInAt(page, run.server.url, ADMIN);
      await page.goto(`${run.server.url}/admin/areas`);
      await page.getByRole('button', { name: 'Cetak poster QR' }).click();
      await page.getByRole('heading', { name: 'Formulir tanpa akun' }).waitFor();
      await page.getByText('Terbuka: guru, siswa, atau tamu').waitFor();
      await shot(page, `poster-switch-open-${width}`, false);
      await setSwitch(page, false);
      await page.getByText('Ditutup: formulir poster menyatakan').waitFor();
      await shot(page, `poster-switch-closed-${width}`, false);

      const visitor = await openPageAt(run, width === 1366 ? 390 : 1366, { csp: true });
      await visitor.page.goto(posterPage(poster));
      await visitor.page.getByRole('heading', { name: 'Pelaporan lewat poster ditutup' }).waitFor();
      await visitor.page
        .getByText('Pelaporan lewat poster sedang ditutup oleh sekolah.', { exact: false })
        .waitFor();
      expect(await visitor.page.getByLabel('Apa masalahnya?').count()).toBe(0);
      await shot(visitor.page, `poster-closed-${width === 1366 ? 390 : 1366}`);
      await visitor.context.close();

      await setSwitch(page, true);
      const reopened = await openPageAt(run, 390, { csp: true });
      await reopened.page.goto(posterPage(poster));
      await reopened.page.getByLabel('Apa masalahnya?').waitFor();
      await reopened.context.close();
      await context.close();
    }
    expect(run.problems).toEqual([]);
  });

  it("takes a signed-in staff member who scans it to the app's form for that area", async () => {
    const poster = await firstPoster();
    const { context, page } = await openPageAt(run, 390, { csp: true });
    await logInAt(page, run.server.url, CUSTODIAN);
    await page.goto(posterPage(poster));
    await page.waitForURL((url) => url.pathname === '/reports/create');
    expect(new URL(page.url()).searchParams.get('area')).toBe(poster.area_id);
    await page.getByRole('heading', { name: 'Buat Laporan' }).waitFor();
    await expect
      .poll(() => page.getByLabel('Area', { exact: true }).inputValue())
      .toBe(poster.area_id);
    expect(run.problems).toEqual([]);
    await context.close();
  });
});
