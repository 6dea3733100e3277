import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { makeTestApp, type TestApp } from '../../test/harness.js';

/*
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, started by the test. The test
 * plays the browser: it follows the provider's redirects with its cookies, and "logs in" at
 * the interaction step as whichever account the case chooses.
 */
const REDIRECT_URI = 'http://127.0.0.1/auth/microsoft/callback';
let issuer = '';
let server: http.Server;
let provider: Provider;
let account = 'guru@sekolah.test';

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'urs-test',
        client_secret: 'urs-test-secret',
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    claims: { email: ['email', 'email_verified'], profile: ['name'] },
    ttl: { AuthorizationCode: 2 },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: sub,
        email_verified: true,
        name: `Akun ${sub.split('@')[0] ?? ''}`,
      }),
    }),
  });
  const callback = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url?.startsWith('/interaction/') === true) {
      void (async () => {
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({ accountId: account, clientId: 'urs-test' });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        const prompt = details.prompt.name;
        await provider.interactionFinished(
          req,
          res,
          prompt === 'login' ? { login: { accountId: account } } : { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
      })();
      return;
    }
    void callback(req, res);
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

let t: TestApp;
afterEach(() => t?.close());

async function app(overrides: Record<string, string> = {}): Promise<TestApp> {
  t = await makeTestApp({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'urs-test',
    OIDC_CLIENT_SECRET: 'urs-test-secret',
    OIDC_REDIRECT_URI: REDIRECT_URI,
    OIDC_ALLOWED_DOMAINS: 'sekolah.test',
    ...overrides,
  });
  return t;
}

/** Follows the provider's redirects like a browser (cookies kept) until it returns to us. */
async function signInAtProvider(authorizationUrl: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(REDIRECT_URI)) return new URL(url).search;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (location === null)
      throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

async function startSignIn(a: TestApp, redirect = '/reports?status=pending'): Promise<string> {
  const res = await a.request(`/api/auth/microsoft/start?redirect=${encodeURIComponent(redirect)}`);
  expect(res.status).toBe(302);
  const location = res.headers.get('location') ?? '';
  const url = new URL(location);
  expect(url.origin).toBe(issuer);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(url.searchParams.get('state')).toBeTruthy();
  expect(url.searchParams.get('nonce')).toBeTruthy();
  return location;
}

const complete = (a: TestApp, query: string) =>
  a.request('/api/auth/microsoft/callback', { method: 'POST', json: { query } });

describe('single sign-on with OpenID Connect + PKCE', () => {
  it('is off unless configured, and says so', async () => {
    const plain = await makeTestApp();
    try {
      expect(await (await plain.request('/api/auth/sso')).json()).toEqual({
        enabled: false,
        provider: 'Microsoft',
      });
      expect((await plain.request('/api/auth/microsoft/start')).status).toBe(404);
    } finally {
      await plain.close();
    }
    expect(await (await (await app()).request('/api/auth/sso')).json()).toEqual({
      enabled: true,
      provider: 'Microsoft',
    });
  });

  it('provisions a new user with the registration default role and signs them in like a password login', async () => {
    const a = await app({ REGISTRATION_DEFAULT_ROLE: 'technician' });
    account = 'budi@sekolah.test';
    const query = await signInAtProvider(await startSignIn(a));
    const res = await complete(a, query);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      access_token: string;
      user: { email: string; role: string; name: string };
      redirect: string;
    };
    expect(body.user).toMatchObject({
      email: 'budi@sekolah.test',
      role: 'technician',
      name: 'Akun budi',
    });
    expect(body.redirect).toBe('/reports?status=pending');
    const me = await a.request('/api/user', { token: body.access_token });
    expect(me.status).toBe(200);
  });

  it('matches an existing user by email and keeps their role', async () => {
    const a = await app();
    const existing = await a.signIn('admin', 'kepala@sekolah.test');
    account = 'kepala@sekolah.test';
    const res = await complete(a, await signInAtProvider(await startSignIn(a)));
    const body = (await res.json()) as { user: { id: string; role: string } };
    expect(body.user).toMatchObject({ id: existing.user.id, role: 'admin' });
  });

  it('refuses a wrong or reused state', async () => {
    const a = await app();
    account = 'siti@sekolah.test';
    const query = await signInAtProvider(await startSignIn(a));
    const forged = new URLSearchParams(query);
    forged.set('state', 'not-a-state-we-issued');
    const bad = await complete(a, `?${forged.toString()}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(
      /tidak valid atau sudah kedaluwarsa/,
    );
    expect((await complete(a, query)).status).toBe(200);
    expect((await complete(a, query)).status).toBe(400);
  });

  it('refuses an expired code', async () => {
    const a = await app();
    account = 'joko@sekolah.test';
    const query = await signInAtProvider(await startSignIn(a));
    await new Promise((resolve) => setTimeout(resolve, 2500)); // the provider's code lives 2 s here
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      const res = await complete(a, query);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /kode masuk tidak valid atau sudah kedaluwarsa/,
      );
    } finally {
      console.warn = warn;
    }
  });

  it('refuses an account outside the allowed email domains, and provisions nobody', async () => {
    const a = await app();
    account = 'orang@gmail.test';
    const res = await complete(a, await signInAtProvider(await startSignIn(a)));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Akun orang@gmail.test tidak diizinkan masuk. Gunakan email dengan domain: sekolah.test.',
    );
    expect(await a.db.select().from(users).where(eq(users.email, 'orang@gmail.test'))).toEqual([]);
  });

  it('never redirects after sign-in to another site', async () => {
    const a = await app();
    account = 'wati@sekolah.test';
    const res = await complete(a, await signInAtProvider(await startSignIn(a, '//evil.example/x')));
    expect(((await res.json()) as { redirect: string | null }).redirect).toBeNull();
  });
});
