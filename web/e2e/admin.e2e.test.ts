import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { posterUrl, qrSvg, svgFromDataUrl } from '../src/features/admin-areas/qr.js';
import {
  ADMIN,
  apiCall,
  apiToken,
  logInAt,
  openPage,
  pageApiGet,
  signIn,
  signInAndSync,
  storeCount,
  syncNow,
  watchForProblems,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser, type RunningServer } from './harness.js';

let server: RunningServer;
let browser: Browser;

shareServerAndBrowser((run) => ({ server, browser } = run));

/** Uncaught errors and CSP violations of the whole run; asserted empty at the end. */
const problems: string[] = [];

const newPage = () =>
  openPage(browser, problems, { viewport: { width: 1280, height: 800 }, csp: true });

const logIn = (page: Page) => logInAt(page, server.url, ADMIN);

/** A direct API call as the signed-in admin (the token the app keeps in localStorage). */
const apiGet = (page: Page, path: string) => pageApiGet<unknown>(page, server.url, path);

async function loginStatus(email: string, password: string): Promise<number> {
  const context = await browser.newContext();
  const response = await context.request.post(`${server.url}/api/login`, {
    data: { email, password },
    headers: { Accept: 'application/json' },
  });
  const status = response.status();
  if (status === 200) {
    const body = (await response.json()) as { user?: { role?: string } };
    expect(body.user?.role).toBe('technician');
  }
  await context.close();
  return status;
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describe('admin screens in a real browser', () => {
  it('manages areas: search, add, duplicate name, toggle, delete, QR posters', async () => {
    const { context, page } = await newPage();
    await logIn(page);
    await page.goto(`${server.url}/admin/areas`);
    await page.getByRole('heading', { name: 'Area & Kategori', level: 1 }).waitFor();
    const rows = page.locator('[data-testid="areas-table"] tbody tr[data-row-name]');
    await rows.first().waitFor();

    // Search narrows the list (name or description).
    await page.getByLabel('Cari area').fill('kantin');
    await expect
      .poll(() => rows.evaluateAll((r) => r.map((x) => x.dataset['rowName'])))
      .toEqual(['Kantin']);
    await page.getByLabel('Cari area').fill('');
    await expect.poll(() => rows.count()).toBe(10);
    await page.getByText(/Halaman 1 dari 2 · 17 data/).waitFor();

    // Add an area through the modal.
    await page.getByRole('button', { name: 'Tambah area' }).click();
    const modal = page.getByRole('dialog', { name: 'Tambah area' });
    await modal.getByLabel('Nama').fill('Ruang Musik');
    await modal.getByLabel(/Deskripsi/).fill('Lantai 2 gedung B');
    await modal.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'Area berhasil ditambahkan.').waitFor();
    await expect(modal.count()).resolves.toBe(0);

    // A duplicate name: the toast and the server's field error in the form.
    await page.getByRole('button', { name: 'Tambah area' }).click();
    await modal.getByLabel('Nama').fill('ruang musik');
    await modal.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'Tidak dapat menambahkan area.').waitFor();
    await modal.getByText('Area dengan nama ini sudah ada.').waitFor();
    await expect(modal.getByLabel('Nama').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.count()).toBe(0);

    // Toggle it inactive.
    await page.getByLabel('Cari area').fill('Ruang Musik');
    const row = page.locator('tr[data-row-name="Ruang Musik"]');
    await row.getByText('Aktif', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Nonaktifkan Ruang Musik' }).click();
    await row.getByText('Nonaktif', { exact: true }).waitFor();
    await page.getByLabel('Cari area').fill('');
    await page.getByText(/18 data/).waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-areas-1280.png`, fullPage: true });

    // Categories tab (keyboard): its own list.
    await page.getByRole('tab', { name: 'Area' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Kategori', selected: true }).waitFor();
    await page.locator('tr[data-row-name="Kelistrikan"]').waitFor();
    await page.getByRole('tab', { name: 'Area' }).click();

    // Delete with confirmation.
    await page.getByLabel('Cari area').fill('Ruang Musik');
    await page.getByRole('button', { name: 'Hapus Ruang Musik' }).click();
    const confirm = page.getByRole('dialog', { name: 'Hapus area Ruang Musik?' });
    await confirm.getByText('Aksi ini tidak bisa dibatalkan').waitFor();
    await confirm.getByRole('button', { name: 'Hapus' }).click();
    await toast(page, 'Data berhasil dihapus.').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Cari area').fill('');

    // QR posters: one per active area, each a data: SVG of its public form's address, which
    // names the area by the poster's token (decision 029).
    const active = (await apiGet(page, '/api/areas?active=true&per_page=100')) as {
      data: { id: string; name: string }[];
    };
    expect(active.data.length).toBe(15);
    await page.getByRole('button', { name: 'Cetak poster QR' }).click();
    await page.getByRole('heading', { name: 'Poster QR area', level: 1 }).waitFor();
    const posters = page.locator('.qr-poster');
    await expect.poll(() => posters.count()).toBe(active.data.length);
    const origin = await page.evaluate(() => location.origin);
    const sheet = (await apiGet(page, '/api/posters')) as {
      data: { posters: { area_id: string; token: string }[] };
    };
    const tokens = new Map(sheet.data.posters.map((p) => [p.area_id, p.token]));
    for (const area of active.data) {
      const poster = page.locator(`.qr-poster[data-area-id="${area.id}"]`);
      await expect(poster.locator('.qr-area').textContent()).resolves.toBe(area.name);
      await expect(poster.locator('.qr-school').textContent()).resolves.toBe(
        'SMA Harapan Nusantara',
      );
      await expect(poster.locator('.qr-instruction').textContent()).resolves.toBe(
        'Pindai untuk melaporkan masalah di area ini',
      );
      const src = (await poster.locator('img').getAttribute('src')) ?? '';
      expect(src.startsWith('data:image/svg+xml')).toBe(true);
      const token = tokens.get(area.id) ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(svgFromDataUrl(src)).toBe(await qrSvg(posterUrl(origin, token)));
      await expect(poster.locator('.qr-url').textContent()).resolves.toBe(
        `${origin}/lapor/${token}`,
      );
    }
    // Every image actually decoded and painted.
    const painted = await posters
      .locator('img')
      .evaluateAll((imgs) =>
        imgs.every(
          (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        ),
      );
    expect(painted).toBe(true);
    expect(await page.locator('.qr-area', { hasText: 'Gudang Lama' }).count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-qr-view-1280.png`, fullPage: true });

    // Print: the shell is hidden and each poster starts a page (a PDF has one page per area).
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.sidebar', '.topbar', '.footer', '.qr-toolbar']) {
      await expect(
        page
          .locator(selector)
          .first()
          .evaluate((el) => getComputedStyle(el).display),
      ).resolves.toBe('none');
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-qr-print-1280.png` });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages.length).toBe(active.data.length);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Kembali' }).click();
    await page.getByRole('tab', { name: 'Area', selected: true }).waitFor();
    await context.close();
  });

  it('manages users: filter, page size, create, edit with blank password, refusals', async () => {
    const { context, page } = await newPage();
    await logIn(page);
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('heading', { name: 'Pengguna', level: 1 }).waitFor();
    const rows = page.locator('[data-testid="users-table"] tbody tr[data-user-email]');
    await page.getByText('Halaman 1 dari 2 · 11 data').waitFor();
    await page.getByLabel('Per halaman').selectOption('25');
    await page.getByText('Halaman 1 dari 1 · 11 data').waitFor();
    await expect.poll(() => rows.count()).toBe(11);

    // Role filter: the five roles with their labels.
    const options = await page
      .getByLabel('Peran')
      .locator('option')
      .evaluateAll((opts) => opts.map((o) => o.textContent));
    expect(options).toEqual([
      'Semua peran',
      'Administrator',
      'Custodian',
      'Teknisi',
      'Gardener',
      'Staf Inventori',
    ]);
    await page.getByLabel('Peran').selectOption('technician');
    await page.getByText('Halaman 1 dari 1 · 3 data').waitFor();
    const roles = await rows.locator('td[data-role]').allTextContents();
    expect(roles).toEqual(['Teknisi', 'Teknisi', 'Teknisi']);
    // Search by phone.
    await page.getByLabel('Peran').selectOption('');
    await page.getByLabel('Cari user').fill('081210450001');
    await expect
      .poll(() => rows.evaluateAll((r) => r.map((x) => x.dataset['userEmail'])))
      .toEqual(['admin@urs.sch.id']);
    await page.getByLabel('Cari user').fill('');
    await page.getByText('11 data').waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-users-1280.png`, fullPage: true });

    // Create a technician.
    await page.getByRole('button', { name: 'Tambah user' }).click();
    const create = page.getByRole('dialog', { name: 'Tambah user' });
    await create.getByText('Minimal 8 karakter').waitFor();
    await create.getByLabel('Nama').fill('Teknisi Baru');
    await create.getByLabel('Email').fill('teknisi.baru@urs.sch.id');
    await create.getByLabel('Peran').selectOption('technician');
    await create.getByLabel('Password', { exact: true }).fill('rahasia123');
    await create.getByLabel('Konfirmasi password').fill('rahasia12');
    await create.getByRole('button', { name: 'Buat user' }).click();
    await create.getByText('Konfirmasi password tidak cocok.').waitFor();
    await create.getByLabel('Konfirmasi password').fill('rahasia123');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-users-create-1280.png` });
    await create.getByRole('button', { name: 'Buat user' }).click();
    await toast(page, 'User berhasil dibuat.').waitFor();
    expect(await loginStatus('teknisi.baru@urs.sch.id', 'rahasia123')).toBe(200);

    // The same email again: the failure toast and the server's field error.
    await page.getByRole('button', { name: 'Tambah user' }).click();
    await create.getByLabel('Nama').fill('Kembar');
    await create.getByLabel('Email').fill('teknisi.baru@urs.sch.id');
    await create.getByLabel('Password', { exact: true }).fill('rahasia123');
    await create.getByLabel('Konfirmasi password').fill('rahasia123');
    await create.getByRole('button', { name: 'Buat user' }).click();
    await toast(page, 'Tidak dapat membuat user.').waitFor();
    await create.getByText('Email sudah terdaftar.').waitFor();
    await create.getByRole('button', { name: 'Batal' }).click();

    // Edit: rename, password left blank (unchanged), so the old password still works.
    await page.getByRole('button', { name: 'Edit Teknisi Baru' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await edit.getByText('Kosongkan jika password tidak diubah. Minimal 8 karakter.').waitFor();
    await edit.getByText('Kosongkan jika nomor telepon tidak diubah.').waitFor();
    await edit.getByLabel('Nama').fill('Teknisi Lama');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'User berhasil diperbarui.').waitFor();
    await page
      .locator('tr[data-user-email="teknisi.baru@urs.sch.id"] th', {
        hasText: 'Teknisi Lama',
      })
      .waitFor();
    expect(await loginStatus('teknisi.baru@urs.sch.id', 'rahasia123')).toBe(200);

    // The new technician signs in through the login form on a phone and sees their own name.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const newcomer = await phone.newPage();
    await watchForProblems(newcomer, problems);
    await signIn(newcomer, server.url, {
      email: 'teknisi.baru@urs.sch.id',
      password: 'rahasia123',
    });
    await newcomer.getByText('Selamat datang, Teknisi Lama').waitFor();
    await newcomer
      .locator('.sidebar-user-name', { hasText: 'Teknisi Lama' })
      .waitFor({ state: 'attached' });
    await phone.close();

    // Deleting yourself is not offered (the server would refuse it); editing yourself is.
    await page.getByRole('button', { name: 'Edit Rahmat Hidayat' }).waitFor();
    expect(await page.getByRole('button', { name: 'Hapus Rahmat Hidayat' }).count()).toBe(0);

    // Deleting the technician works, and their login stops working.
    await page.getByRole('button', { name: 'Hapus Teknisi Lama' }).click();
    await page
      .getByRole('dialog', { name: 'Hapus user Teknisi Lama?' })
      .getByRole('button', { name: 'Hapus' })
      .click();
    await toast(page, 'User berhasil dihapus.').waitFor();
    expect(await loginStatus('teknisi.baru@urs.sch.id', 'rahasia123')).not.toBe(200);

    // Offline: a clear message instead of a silent failure.
    await context.setOffline(true);
    await page.getByTestId('admin-offline').waitFor();
    await page.getByLabel('Cari user').fill('siti');
    await page
      .getByText(/Anda sedang offline/)
      .first()
      .waitFor();
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('admin-offline').count()).toBe(0);
    await context.close();
  });

  it("takes a staff member's new role to their open app at the next sync, with what it may see", async () => {
    const adminToken = await apiToken(server.url, ADMIN);
    const call = (method: string, path: string, body: unknown) =>
      apiCall(server.url, adminToken, method, path, body);
    const who = { email: 'naik.pangkat@urs.sch.id', password: 'rahasia123' };
    const created = await call('POST', '/api/users', {
      name: 'Naik Pangkat',
      email: who.email,
      role: 'technician',
      password: who.password,
      password_confirmation: who.password,
    });
    expect(created.status).toBe(201);
    const { data: user } = (await created.json()) as { data: { id: string } };

    const { context, page } = await newPage();
    await signInAndSync(page, server.url, who);
    const usersLink = page.getByRole('link', { name: 'Pengguna' });
    expect(await usersLink.count()).toBe(0);
    const ownReports = await storeCount(page, 'reports');

    expect((await call('PATCH', `/api/users/${user.id}`, { role: 'admin' })).status).toBe(200);
    await syncNow(page);
    await usersLink.first().waitFor();
    // The school's reports, filed before the promotion, are on the device now.
    await expect.poll(() => storeCount(page, 'reports')).toBeGreaterThan(ownReports);
    await context.close();
  });

  it('had no uncaught errors or CSP violations', () => {
    expect(problems).toEqual([]);
  });
});
