/**
 * Single sign-on in a real browser against a real OpenID Connect provider (oidc-provider on
 * 127.0.0.1, started here): the login page's button, the provider, the PWA's callback page and
 * the API's code exchange. The provider signs in whichever account the test names, without a
 * form, as api/src/routes/sso/sso.test.ts does.
 *
 * The attempt is bound to the browser that started it (a cookie whose hash is the `state`), so
 * a callback link made from someone else's attempt signs nobody in.
 *
 * Needs `npm run build -w @urs/web` and `npx turbo run build --filter=@urs/scripts` first.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  followProvider,
  listenTestProvider,
  type TestProvider,
} from '../../api/src/test/oidc-provider.js';
import { CUSTODIAN, watchForProblems } from './app-kit.js';
import { launchBrowser, startServer, type RunningServer } from './harness.js';

let provider: TestProvider;
let server: RunningServer;
let browser: Browser;
/** Who the provider signs in next. */
let account = CUSTODIAN.email;

beforeAll(async () => {
  provider = await listenTestProvider(() => account);
  server = await startServer({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
  provider.serve(`${server.url}/auth/microsoft/callback`);
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
});

async function guestPage() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems: string[] = [];
  await watchForProblems(page, problems);
  return { context, page, problems };
}

describe('single sign-on in the browser', () => {
  it('signs an existing user in from the login page and lands where they were going', async () => {
    account = CUSTODIAN.email;
    const { context, page, problems } = await guestPage();
    await page.goto(`${server.url}/inventory`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Masuk dengan Microsoft' }).click();
    await page.waitForURL((url) => url.pathname === '/inventory', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Inventaris', level: 1 }).waitFor();
    const cookies = await context.cookies();
    // The attempt's cookie went with the callback.
    expect(cookies.filter((c) => c.name === 'urs_sso')).toEqual([]);
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const me = await fetch(`${server.url}/api/user`, {
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(CUSTODIAN.email);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("does not sign a browser in with a callback link made from someone else's attempt", async () => {
    // Someone starts an attempt in their own browser, signs in at the provider as themselves
    // and stops at the redirect back, keeping the link.
    account = 'penyusup@urs.sch.id';
    const start = await fetch(`${server.url}/api/auth/microsoft/start`, { redirect: 'manual' });
    const url = await followProvider(start.headers.get('location') ?? '', server.url);
    expect(new URL(url).pathname).toBe('/auth/microsoft/callback');

    // Another person opens that link; their browser has an attempt of its own under way.
    const { context, page, problems } = await guestPage();
    await context.request.get(`${server.url}/api/auth/microsoft/start`, { maxRedirects: 0 });
    expect((await context.cookies()).map((c) => c.name)).toEqual(['urs_sso']);
    await page.goto(url);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Sesi masuk SSO tidak valid atau sudah kedaluwarsa.' })
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.getByRole('link', { name: 'Kembali ke halaman masuk' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(problems).toEqual([]);
    await context.close();
  });
});
