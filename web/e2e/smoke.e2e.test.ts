import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { shareServerAndBrowser, type RunningServer } from './harness.js';
import { ADMIN, lastSyncDone, openPage, scriptRequests, signIn, storeCount } from './app-kit.js';

let server: RunningServer;
let browser: Browser;

// npm start as it is, with its own password hashing cost (the other files use a cheap one).
shareServerAndBrowser((run) => ({ server, browser } = run), { SCRYPT_LOG_N: undefined });

describe('npm start serves the PWA and the API on one port', () => {
  it('seeds an empty database and prints the URL and the demo logins', () => {
    expect(server.output()).toContain('Empty database: seeding the demo school');
    expect(server.output()).toContain('admin@urs.sch.id');
  });

  it('opens the web build in a real browser under the CSP, with no violations or errors', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await page.exposeFunction('reportCspViolation', (text: string) => problems.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
          `CSP violation: ${e.violatedDirective} ${e.blockedURI}`,
        );
      });
    });
    const scripts = scriptRequests(page);
    const response = await page.goto(server.url);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // A guest lands on the login screen of the app shell.
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Nothing on it toasts or asks: neither the toaster (sonner, whose code and styles come
    // with it) nor the dialog host is loaded.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((p) => /^\/assets\/(toaster|dialog-host)-[\w-]{8}\.js$/.test(p))).toEqual(
      [],
    );
    const sonnerIn = async (paths: string[], marker: string) => {
      const found: string[] = [];
      for (const p of paths) {
        if ((await (await fetch(`${server.url}${p}`)).text()).includes(marker)) found.push(p);
      }
      return found;
    };
    expect(await sonnerIn(scripts, 'data-sonner-toaster')).toEqual([]);
    const styles = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );
    expect(styles.length).toBeGreaterThan(0);
    expect(await sonnerIn(styles, '--toast-icon-margin-start')).toEqual([]);
    // A client-side route answers the same app, not a 404.
    const deep = await page.goto(`${server.url}/reports/create`);
    expect(deep?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Masuk' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('checks the session and the sync answers in a worker, under the CSP', async () => {
    const problems: string[] = [];
    const { context, page } = await openPage(browser, problems, { csp: true });
    const isContracts = (url: string) => /\/assets\/contracts\.worker-[\w-]+\.js$/.test(url);
    await signIn(page, server.url, ADMIN);
    await expect.poll(() => lastSyncDone(page), { timeout: 20_000 }).toBe(true);
    expect(await storeCount(page, 'areas')).toBeGreaterThan(0);
    // Still running: a worker that failed would have been ended, its checks made on the page.
    expect(
      page
        .workers()
        .map((w) => w.url())
        .filter(isContracts),
    ).toHaveLength(1);
    // A start with the stored session checks the user there too, and neither it nor its sync
    // has the page itself load zod or a module that builds the contract's schemas.
    const scripts = scriptRequests(page);
    await page.reload();
    await page.getByText('Selamat datang, ').waitFor();
    await expect.poll(() => page.workers().filter((w) => isContracts(w.url())).length).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const contract = /^\/assets\/(zod|envelope|user|area|contracts)-[\w-]{8}\.js$/;
    expect(scripts.filter((p) => contract.test(p))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets the seeded admin log in, read the profile, save a preference and log out', async () => {
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const login = await post('/api/login', { email: 'admin@urs.sch.id', password: 'admin12345' });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const me = await fetch(`${server.url}/api/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await me.json()) as { user: { role: string } }).user.role).toBe('admin');
    const pref = await post('/api/profile/preferences', { preferred_theme: 'light' }, token);
    expect(
      ((await pref.json()) as { user: { preferred_theme: string } }).user.preferred_theme,
    ).toBe('light');
    expect((await post('/api/logout', {}, token)).status).toBe(200);
    const after = await fetch(`${server.url}/api/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
  });
});
