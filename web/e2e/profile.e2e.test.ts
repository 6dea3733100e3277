import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN, CUSTODIAN as STAFF, logInAt, type Account, openPageAt } from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';

const run = shareServerAndBrowser();

async function newPage(
  width = 1280,
  options: { theme?: string; blockServiceWorker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPageAt(
    run,
    width,
    options.blockServiceWorker === true ? { serviceWorkers: 'block' } : {},
  );
  if (options.theme !== undefined) {
    await opened.page.addInitScript(
      (theme) => localStorage.setItem('urs_theme', theme),
      options.theme,
    );
  }
  return opened;
}

async function logIn(page: Page, who: Account) {
  await logInAt(page, run.server.url, who);
  // Attached, not visible: at 390 px the sidebar is a closed drawer.
  await page.locator('.sidebar-user-name').waitFor({ state: 'attached' });
}

/** Opens a screen the way a user does after login: through the app, no full reload. */
async function open(page: Page, path: string, heading: string) {
  await page.goto(`${run.server.url}${path}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** A real PNG, made here: `size` × `size` pixels of one colour. */
function tinyPng(size = 4, rgb: [number, number, number] = [220, 38, 38]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array(size).fill(row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('profile, settings and SSO screens in a real browser', () => {
  it('edits name and phone, and the sidebar name changes at once', async () => {
    const { context, page } = await newPage();
    await logIn(page, STAFF);
    await open(page, '/profile', 'Profil');
    await expect(page.getByLabel('Nama lengkap').inputValue()).resolves.toBe('Siti Aminah');
    await page.getByLabel('Nama lengkap').fill('Siti Aminah Rahma');
    await page.getByLabel('Nomor telepon').fill('0812 3456 7890');

    const request = page.waitForRequest(
      (req) => req.url().endsWith('/api/profile') && req.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Simpan profil' }).click();
    const sent = await request;
    expect(sent.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = sent.postData() ?? '';
    // Only what changed goes out: the unchanged email stays out of the form.
    expect(body).toContain('name="name"');
    expect(body).toContain('name="phone"');
    expect(body).not.toContain('name="email"');

    await page.getByText('Profil berhasil diperbarui').waitFor();
    await page
      .locator('.sidebar-user-name', { hasText: 'Siti Aminah Rahma' })
      .waitFor({ timeout: 5_000 });
    await page.reload();
    await page.getByRole('heading', { name: 'Profil', level: 1 }).waitFor();
    await expect(page.getByLabel('Nomor telepon').inputValue()).resolves.toBe('0812 3456 7890');
    await expect(page.locator('.sidebar-user-name').textContent()).resolves.toBe(
      'Siti Aminah Rahma',
    );
    await context.close();
  });

  it('uploads an avatar photo and shows it in the profile and the sidebar', async () => {
    const { context, page } = await newPage();
    await logIn(page, STAFF);
    await open(page, '/profile', 'Profil');
    // Before: initials, no photo.
    expect(await page.locator('.sidebar-user img').count()).toBe(0);

    // A file of the wrong type is refused on the device.
    await page.getByLabel('Foto profil').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('Jenis file tidak didukung').first().waitFor();

    await page.getByLabel('Foto profil').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: tinyPng(),
    });
    await page.locator('.profile-photo img[src^="blob:"]').waitFor();
    await page.getByRole('button', { name: 'Simpan profil' }).click();
    await page.getByText('Profil berhasil diperbarui').waitFor();

    const sidebarPhoto = page.locator('.sidebar-user img.avatar-photo');
    await sidebarPhoto.waitFor();
    expect(await sidebarPhoto.getAttribute('src')).toMatch(/^\/api\/avatars\/[0-9a-f]{64}$/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.sidebar-user img.avatar-photo');
      return img !== null && img.complete && img.naturalWidth === 4;
    });
    const profilePhoto = page.locator('.profile-photo img.avatar-photo');
    expect(await profilePhoto.getAttribute('src')).toMatch(/^\/api\/avatars\//);
    await context.close();
  });

  it('shows the server error under the current password when it is wrong', async () => {
    const { context, page } = await newPage();
    await logIn(page, ADMIN);
    await open(page, '/profile', 'Profil');
    await page.getByLabel('Password saat ini').fill('bukan-password-saya');
    await page.getByLabel('Password baru', { exact: true }).fill('passwordbaru123');
    await page.getByLabel('Konfirmasi password baru').fill('passwordbaru123');
    await expect(page.getByText('Minimal 8 karakter', { exact: true }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Simpan password' }).click();
    const error = page.locator('.field-error', { hasText: 'Password saat ini salah.' });
    await error.waitFor();
    // The message is tied to its input for screen readers.
    const input = page.getByLabel('Password saat ini');
    await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
    const errorId = (await error.getAttribute('id')) ?? 'missing';
    expect(describedBy.split(' ')).toContain(errorId);
    await context.close();
  });

  it('shows device storage on the settings screen', async () => {
    const { context, page } = await newPage();
    await logIn(page, STAFF);
    await open(page, '/settings', 'Pengaturan');
    await page.getByRole('heading', { name: 'Penyimpanan perangkat' }).waitFor();
    const usage = page.getByTestId('storage-usage');
    await page.waitForFunction(() =>
      /dari/.test(document.querySelector('[data-testid="storage-usage"]')?.textContent ?? ''),
    );
    expect(await usage.textContent()).toMatch(
      /^[\d.,]+ (B|KB|MB|GB) dari [\d.,]+ (B|KB|MB|GB|TB)$/,
    );
    await page.getByTestId('storage-pending').filter({ hasText: '0 perubahan' }).waitFor();
    const persisted = await page.getByTestId('storage-persisted').textContent();
    expect(persisted).toMatch(/^(Ya|Belum|Tidak diketahui)/);
    // Theme and language stay.
    await page.getByRole('radio', { name: 'Krem' }).waitFor();
    await page.getByRole('radio', { name: 'English' }).waitFor();
    await context.close();
  });

  it("shows '99+' on the announcements badge when the unread count is 120", async () => {
    const { context, page } = await newPage(1280, { blockServiceWorker: true });
    await page.route('**/api/announcements/unread-count', (route) =>
      route.fulfill({ status: 200, json: { count: 120 } }),
    );
    await logIn(page, STAFF);
    const badge = page.locator('.sidebar-nav [data-nav="announcements"] .badge');
    await badge.waitFor();
    await expect(badge.textContent()).resolves.toBe('99+');
    await context.close();
  });

  it('shows no SSO button on the login page when SSO is not configured', async () => {
    const { context, page } = await newPage();
    const asked = page.waitForResponse((res) => res.url().endsWith('/api/auth/sso'));
    await page.goto(`${run.server.url}/login`);
    const answer: unknown = await (await asked).json();
    expect(answer).toMatchObject({ enabled: false });
    await page.getByRole('button', { name: 'Masuk', exact: true }).waitFor();
    // Give React the tick in which a button would have appeared.
    await page.waitForTimeout(200);
    expect(await page.getByRole('button', { name: /^Masuk dengan/ }).count()).toBe(0);
    await context.close();
  });

  it('shows the SSO button when enabled and sends the safe redirect to the start endpoint', async () => {
    const { context, page } = await newPage(1280, { blockServiceWorker: true });
    await page.route('**/api/auth/sso', (route) =>
      route.fulfill({ json: { enabled: true, provider: 'Microsoft' } }),
    );
    await page.route('**/api/auth/microsoft/start**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>provider</p>' }),
    );
    await page.goto(`${run.server.url}/login?redirect=%2Fsettings`);
    await page.getByRole('button', { name: 'Masuk dengan Microsoft' }).click();
    await page.waitForURL((url) => url.pathname === '/api/auth/microsoft/start');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/settings');
    await context.close();
    // The manual admin form never offers it. A fresh tab: this one keeps '/settings' in session
    // storage for its return from the provider, and the app's start would follow it (spec §2).
    const admin = await newPage(1280, { blockServiceWorker: true });
    await admin.page.route('**/api/auth/sso', (route) =>
      route.fulfill({ json: { enabled: true, provider: 'Microsoft' } }),
    );
    await admin.page.goto(`${run.server.url}/admin/admingantenglogin`);
    await admin.page.getByRole('button', { name: 'Masuk', exact: true }).waitFor();
    await admin.page.waitForTimeout(200);
    expect(await admin.page.getByRole('button', { name: /^Masuk dengan/ }).count()).toBe(0);
    await admin.context.close();
  });

  it('signs in from the SSO callback like a password login and follows a safe redirect', async () => {
    // A real token, so the signed-in app works against the real server afterwards.
    const login = await fetch(`${run.server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(STAFF),
    });
    const answer: unknown = await login.json();
    const field = (key: string): unknown =>
      typeof answer === 'object' && answer !== null ? Reflect.get(answer, key) : undefined;
    const token = field('access_token') ?? field('token');
    const user = field('user');
    expect(typeof token).toBe('string');

    const { context, page } = await newPage(1280, { blockServiceWorker: true });
    let posted: unknown = null;
    await page.route('**/api/auth/microsoft/callback', async (route) => {
      posted = route.request().postDataJSON();
      await route.fulfill({ json: { access_token: token, user, redirect: '/settings' } });
    });
    await page.goto(`${run.server.url}/auth/microsoft/callback?code=abc&state=xyz`);
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('heading', { name: 'Pengaturan', level: 1 }).waitFor();
    expect(posted).toEqual({ query: '?code=abc&state=xyz' });
    await expect(page.evaluate(() => localStorage.getItem('auth_token'))).resolves.toBe(token);
    const name: unknown =
      typeof user === 'object' && user !== null ? Reflect.get(user, 'name') : undefined;
    await expect(page.locator('.sidebar-user-name').textContent()).resolves.toBe(name);
    await context.close();

    // An unsafe redirect from the server lands on the dashboard instead.
    const second = await newPage(1280, { blockServiceWorker: true });
    await second.page.route('**/api/auth/microsoft/callback', (route) =>
      route.fulfill({ json: { access_token: token, user, redirect: '//evil.example/x' } }),
    );
    await second.page.goto(`${run.server.url}/auth/microsoft/callback?code=def&state=uvw`);
    await second.page.waitForURL((url) => url.pathname === '/');
    expect(new URL(second.page.url()).host).toBe(new URL(run.server.url).host);
    await second.context.close();
  });

  it('reports the server message on the SSO callback and links back to login', async () => {
    const { context, page } = await newPage();
    await page.goto(`${run.server.url}/auth/microsoft/callback?code=x&state=y`);
    await page.locator('.alert-error').waitFor();
    expect((await page.locator('.alert-error').textContent())?.length ?? 0).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Kembali ke halaman masuk' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('keeps body text and primary buttons at a WCAG contrast of at least 4.5:1 in every theme', async () => {
    const results: Record<string, { body: number; button: number; muted: number }> = {};
    for (const theme of ['dark', 'light', 'cream']) {
      const { context, page } = await newPage(1280, { theme });
      await page.goto(`${run.server.url}/login`);
      const button = page.getByRole('button', { name: 'Masuk', exact: true });
      await button.waitFor();
      // The login form is drawn ahead in the default theme; the app applies the stored one.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-theme')))
        .toBe(theme);
      await page.locator('#root button[type="submit"].button-primary').waitFor();
      results[theme] = await page.evaluate(() => {
        const parse = (value: string): [number, number, number, number] => {
          const parts = (value.match(/[\d.]+/g) ?? []).map(Number);
          return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
        };
        /** The element's background, stacking translucent layers over their ancestors'. */
        const backgroundOf = (el: Element | null): [number, number, number] => {
          if (el === null) return [255, 255, 255];
          const [r, g, b, a] = parse(getComputedStyle(el).backgroundColor);
          if (a >= 1) return [r, g, b];
          const under = backgroundOf(el.parentElement);
          return [
            r * a + under[0] * (1 - a),
            g * a + under[1] * (1 - a),
            b * a + under[2] * (1 - a),
          ];
        };
        const luminance = ([r, g, b]: [number, number, number]) => {
          const f = (c: number) => {
            const s = c / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          };
          return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
        };
        const contrast = (el: Element) => {
          const [r, g, b] = parse(getComputedStyle(el).color);
          const fg = luminance([r, g, b]);
          const bg = luminance(backgroundOf(el));
          return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
        };
        const submit = document.querySelector('button[type="submit"].button-primary');
        const muted = document.querySelector('.auth-subtitle');
        if (submit === null || muted === null) throw new Error('login form not found');
        return { body: contrast(document.body), button: contrast(submit), muted: contrast(muted) };
      });
      await context.close();
    }
    console.log('WCAG contrast ratios', JSON.stringify(results));
    for (const ratios of Object.values(results)) {
      expect(ratios.body).toBeGreaterThanOrEqual(4.5);
      expect(ratios.button).toBeGreaterThanOrEqual(4.5);
      expect(ratios.muted).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('saves screenshots of login, dashboard, settings and profile at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(width);
      await page.goto(`${run.server.url}/login`);
      await page.getByRole('button', { name: 'Masuk', exact: true }).waitFor();
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `login-${width}.png`),
        fullPage: true,
      });
      await logIn(page, ADMIN);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `dashboard-${width}.png`),
        fullPage: true,
      });
      await open(page, '/settings', 'Pengaturan');
      await page.waitForFunction(() =>
        /dari/.test(document.querySelector('[data-testid="storage-usage"]')?.textContent ?? ''),
      );
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `settings-${width}.png`),
        fullPage: true,
      });
      await open(page, '/profile', 'Profil');
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `profile-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
    for (const name of ['login', 'dashboard', 'settings', 'profile']) {
      for (const width of [390, 1280]) {
        expect(fs.statSync(path.join(SCREENSHOT_DIR, `${name}-${width}.png`)).size).toBeGreaterThan(
          1000,
        );
      }
    }
  });

  it('raised no uncaught page errors', () => {
    expect(run.problems).toEqual([]);
  });
});
