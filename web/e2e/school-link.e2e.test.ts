/**
 * A school's registration link in a real browser (issue 39 item 5), on a deployment of two
 * schools (the seed's demo district) with a real OpenID Connect provider on 127.0.0.1:
 * school 2's admin makes and copies the link on a 1366 px desktop; on a 390 px phone a new
 * member of staff registers through it (with a password, and through single sign-on) and lands
 * in school 2; without the link the screen explains and asks for the code, losing nothing
 * typed; a code no school holds sends single sign-on back to the login page, which says why.
 *
 * Needs `npm run build -w @urs/web` and `npx turbo run build --filter=@urs/scripts` first.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestProvider, type TestProvider } from '../../api/src/test/oidc-provider.js';
import { HIDE_TOASTS, logInAt, viewportFor, watchForProblems } from './app-kit.js';
import { launchBrowser, SCREENSHOT_DIR, startServer, type RunningServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const SCHOOL_2_ADMIN = { email: 'admin@s2.urs.sch.id', password: 'admin12345' };
const FIRST_ADMIN = { email: 'admin@urs.sch.id', password: 'admin12345' };

let provider: TestProvider;
let server: RunningServer;
let browser: Browser;
let dataDir = '';
/** Who the provider signs in next. */
let account = '';
/** School 2's registration link, as its admin copied it. */
let link = '';
const problems: string[] = [];

beforeAll(async () => {
  // `npm start` seeds one school into an empty database; seeded first, it finds two.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-e2e-district-'));
  const seeded = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/dist/seed/cli.js')], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, SEED_SCHOOLS: '2', SCRYPT_LOG_N: '10' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stdout}${seeded.stderr}`);
  provider = await listenTestProvider(() => account);
  server = await startServer({
    DATA_DIR: dataDir,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
  provider.serve(`${server.url}/auth/microsoft/callback`);
  browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
  if (dataDir !== '') fs.rmSync(dataDir, { recursive: true, force: true });
});

async function pageAt(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: viewportFor(width) });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  await watchForProblems(page, problems);
  return page;
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('auth_token') ?? '');

/** The emails of the users an admin's user list finds for `q`. */
async function usersOf(adminToken: string, q: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/users?q=${encodeURIComponent(q)}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const body = (await res.json()) as { data: { email: string }[] };
  return body.data.map((user) => user.email);
}

let school2Token = '';
let firstToken = '';

async function fillAccount(page: Page, email: string) {
  await page.getByLabel('Nama lengkap').fill('Sri Wahyuni');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('kebersihan1');
  await page.getByLabel('Konfirmasi password').fill('kebersihan1');
}

describe("a school's registration link", () => {
  it("school 2's admin makes the link and copies it (1366 px), and sees it on a phone", async () => {
    const page = await pageAt(1366);
    await logInAt(page, server.url, SCHOOL_2_ADMIN);
    school2Token = await tokenOf(page);
    await page.goto(`${server.url}/admin/users`);
    await page.getByText('Sekolah Anda belum punya tautan pendaftaran.').waitFor();
    await page.getByRole('button', { name: 'Buat tautan', exact: true }).click();
    const field = page.getByRole('textbox', { name: 'Tautan pendaftaran' });
    await field.waitFor();
    link = await field.inputValue();
    expect(link.startsWith(`${server.url}/register?school=`)).toBe(true);
    expect(new URL(link).searchParams.get('school')).toMatch(/^[\w-]{12}$/);
    await page.getByRole('button', { name: 'Salin tautan' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.addStyleTag({ content: HIDE_TOASTS });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/school-link-admin-1366.png`, fullPage: true });

    const phone = await pageAt(390);
    await logInAt(phone, server.url, SCHOOL_2_ADMIN);
    await phone.goto(`${server.url}/admin/users`);
    expect(await phone.getByRole('textbox', { name: 'Tautan pendaftaran' }).inputValue()).toBe(
      link,
    );
    await phone.screenshot({ path: `${SCREENSHOT_DIR}/school-link-admin-390.png` });

    const first = await pageAt(1366);
    await logInAt(first, server.url, FIRST_ADMIN);
    firstToken = await tokenOf(first);
    expect(problems).toEqual([]);
  });

  it('registers a new member of staff into school 2 on a phone', async () => {
    const page = await pageAt(390);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Daftar Akun' }).waitFor();
    // Nothing about schools: the link carries the code unseen.
    expect(await page.getByText(/sekolah/i).count()).toBe(0);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/school-link-register-390.png`,
      fullPage: true,
    });
    await fillAccount(page, 'sri.wahyuni@smp2.test');
    await page.getByRole('button', { name: 'Daftar', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await usersOf(school2Token, 'sri.wahyuni')).toEqual(['sri.wahyuni@smp2.test']);
    expect(await usersOf(firstToken, 'sri.wahyuni')).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('without the link, explains and asks for the code, keeping what was typed', async () => {
    for (const width of [390, 1366]) {
      const page = await pageAt(width);
      const email = `tanpa.tautan.${width}@smp2.test`;
      await page.goto(`${server.url}/register`);
      await fillAccount(page, email);
      await page.getByRole('button', { name: 'Daftar', exact: true }).click();
      await page.getByText('Aplikasi ini dipakai oleh beberapa sekolah').waitFor();
      const code = page.getByLabel('Kode pendaftaran sekolah');
      await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByLabel('Nama lengkap').inputValue()).toBe('Sri Wahyuni');
      expect(await page.getByLabel('Konfirmasi password').inputValue()).toBe('kebersihan1');
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/school-link-register-needs-code-${width}.png`,
        fullPage: true,
      });
      await code.fill(new URL(link).searchParams.get('school') ?? '');
      await page.getByRole('button', { name: 'Daftar', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await usersOf(school2Token, email)).toEqual([email]);
    }
    expect(problems).toEqual([]);
  });

  it('puts a new account made through single sign-on from the link into school 2', async () => {
    const page = await pageAt(390);
    account = 'guru.baru@mana.test';
    await page.goto(link);
    await page.getByRole('button', { name: 'Daftar dengan Microsoft' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    expect(await usersOf(school2Token, 'guru.baru')).toEqual(['guru.baru@mana.test']);
    expect(await usersOf(firstToken, 'guru.baru')).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('sends single sign-on with a code no school holds back to the login page, which says why', async () => {
    const page = await pageAt(390);
    account = 'salah.kode@mana.test';
    await page.goto(`${server.url}/login?school=TIDAK-ADA`);
    await page.getByRole('button', { name: 'Masuk dengan Microsoft' }).click();
    await page.waitForURL((url) => url.searchParams.get('sso_error') === 'school_unknown');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Kode pendaftaran sekolah tidak dikenal.' })
      .waitFor();
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/school-link-sso-refused-390.png`,
      fullPage: true,
    });
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(await usersOf(school2Token, 'salah.kode')).toEqual([]);

    // Without any link, a new account's school cannot be told: the same page explains.
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Masuk dengan Microsoft' }).click();
    await page.waitForURL((url) => url.searchParams.get('sso_error') === 'sso_school_unknown', {
      timeout: 30_000,
    });
    await page
      .getByRole('alert')
      .filter({ hasText: 'Sekolah untuk akun ini tidak dapat ditentukan.' })
      .waitFor();
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/school-link-sso-no-school-390.png`,
      fullPage: true,
    });
    expect(problems).toEqual([]);
  });
});
