/**
 * The post-login redirect kept in session storage (`urs_post_login_redirect`, spec sections 2
 * and 9): kept before leaving for single sign-on and restored after the provider sends the user
 * back; at start-up a kept single-slash path replaces the route (through the guard), and a value
 * that does not start with a single slash is removed, never followed.
 *
 * Needs `npm run build -w @urs/web` and `npx turbo run build --filter=@urs/scripts` first.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CUSTODIAN, watchForProblems } from './app-kit.js';
import { shareServerAndBrowser, type RunningServer } from './harness.js';

const KEY = 'urs_post_login_redirect';

let server: RunningServer;
let browser: Browser;

shareServerAndBrowser((run) => ({ server, browser } = run));

/** A guest page with no service worker, so the test can answer API calls itself. */
async function guestPage(): Promise<{
  page: Page;
  problems: string[];
  close: () => Promise<void>;
}> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  await watchForProblems(page, problems);
  return { page, problems, close: () => context.close() };
}

const kept = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), KEY);

describe('the post-login redirect in session storage', () => {
  it('is kept before leaving for single sign-on and restored after coming back', async () => {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(CUSTODIAN),
    });
    const answer = (await login.json()) as { access_token: string; user: unknown };

    const { page, problems, close } = await guestPage();
    await page.route('**/api/auth/sso', (route) =>
      route.fulfill({ json: { enabled: true, provider: 'Microsoft' } }),
    );
    await page.route('**/api/auth/microsoft/start**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>provider</p>' }),
    );
    // The provider (and the server's answer) lose the redirect: session storage still has it.
    await page.route('**/api/auth/microsoft/callback', (route) =>
      route.fulfill({ json: { access_token: answer.access_token, user: answer.user } }),
    );

    await page.goto(`${server.url}/inventory?tab=requests`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/inventory?tab=requests');
    await page.getByRole('button', { name: 'Masuk dengan Microsoft' }).click();
    await page.waitForURL((url) => url.pathname === '/api/auth/microsoft/start');
    expect(await kept(page)).toBe('/inventory?tab=requests');

    await page.goto(`${server.url}/auth/microsoft/callback?code=abc&state=xyz`);
    await page.waitForURL((url) => url.pathname === '/inventory');
    expect(new URL(page.url()).search).toBe('?tab=requests');
    expect(await kept(page)).toBeNull();
    expect(problems).toEqual([]);
    await close();
  });

  it('at start-up replaces the route with a kept single-slash path, through the guard', async () => {
    const { page, problems, close } = await guestPage();
    await page.goto(`${server.url}/login`);
    await page.evaluate((key) => sessionStorage.setItem(key, '/settings'), KEY);
    await page.reload();
    await page.waitForURL((url) => url.searchParams.get('redirect') === '/settings');
    expect(await kept(page)).toBeNull();
    await page.getByLabel('Email').fill(CUSTODIAN.email);
    await page.getByLabel('Password', { exact: true }).fill(CUSTODIAN.password);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('heading', { name: 'Pengaturan', level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('removes a kept value that does not start with a single slash and never follows it', async () => {
    for (const unsafe of ['//evil.example/x', 'https://evil.example/', 'settings']) {
      const { page, problems, close } = await guestPage();
      await page.goto(`${server.url}/login`);
      await page.evaluate(({ key, value }) => sessionStorage.setItem(key, value), {
        key: KEY,
        value: unsafe,
      });
      await page.reload();
      await page.getByLabel('Email').waitFor();
      await expect.poll(() => kept(page)).toBeNull();
      const url = new URL(page.url());
      expect(url.host).toBe(new URL(server.url).host);
      expect(url.pathname).toBe('/login');
      expect(url.search).toBe('');
      expect(problems).toEqual([]);
      await close();
    }
  });
});
