import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schools, ssoStates, users } from '../../db/schema.js';
import { FIRST_SCHOOL_ID } from '../../db/schools.js';
import { makeTestApp, type TestApp } from '../../test/harness.js';
import { followProvider, listenTestProvider, type TestProvider } from '../../test/oidc-provider.js';

/*
 * A real OpenID Connect provider on 127.0.0.1 (test/oidc-provider.ts). The test plays the
 * browser: it follows the provider's redirects with its cookies, and the provider signs in
 * whichever account the case chooses.
 */
const REDIRECT_URI = 'http://127.0.0.1/auth/microsoft/callback';
let provider: TestProvider;
let account = 'guru@sekolah.test';

beforeAll(async () => {
  provider = await listenTestProvider(() => account);
  provider.serve(REDIRECT_URI, { codeTtlSeconds: 2 });
});
afterAll(() => provider.close());

let t: TestApp;
afterEach(() => t?.close());

async function app(overrides: Record<string, string> = {}): Promise<TestApp> {
  t = await makeTestApp({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_REDIRECT_URI: REDIRECT_URI,
    OIDC_ALLOWED_DOMAINS: 'sekolah.test',
    ...overrides,
  });
  return t;
}

/** The callback's query string, once the provider has signed `account` in. */
async function signInAtProvider(authorizationUrl: string): Promise<string> {
  return new URL(await followProvider(authorizationUrl, REDIRECT_URI)).search;
}

/** An attempt as a browser starts it: where the provider is, and the cookie this browser got. */
interface Attempt {
  location: string;
  cookie: string;
}

async function startSignIn(a: TestApp, redirect = '/reports?status=pending'): Promise<Attempt> {
  const res = await a.request(`/api/auth/microsoft/start?redirect=${encodeURIComponent(redirect)}`);
  expect(res.status).toBe(302);
  const [set = ''] = res.headers.getSetCookie();
  expect(set).toMatch(
    /^urs_sso=[\w-]{43}; Max-Age=600; Path=\/api\/auth\/microsoft; HttpOnly; SameSite=Lax$/,
  );
  const cookie = set.split(';')[0] ?? '';
  const location = res.headers.get('location') ?? '';
  const url = new URL(location);
  expect(url.origin).toBe(provider.issuer);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(url.searchParams.get('state')).toBeTruthy();
  expect(url.searchParams.get('nonce')).toBeTruthy();
  return { location, cookie };
}

/** The callback page's post, from the browser that holds `cookie` (or from one holding none). */
const complete = (a: TestApp, query: string, cookie?: string) =>
  a.request('/api/auth/microsoft/callback', {
    method: 'POST',
    json: { query },
    ...(cookie !== undefined && { headers: { cookie } }),
  });

/** Starts an attempt, signs in at the provider and posts the callback from the same browser. */
async function signIn(a: TestApp, redirect?: string): Promise<Response> {
  const attempt = await startSignIn(a, redirect);
  return complete(a, await signInAtProvider(attempt.location), attempt.cookie);
}

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
    const res = await signIn(a);
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
    const res = await signIn(a);
    const body = (await res.json()) as { user: { id: string; role: string } };
    expect(body.user).toMatchObject({ id: existing.user.id, role: 'admin' });
  });

  it('refuses a wrong or reused state', async () => {
    const a = await app();
    account = 'siti@sekolah.test';
    const { location, cookie } = await startSignIn(a);
    const query = await signInAtProvider(location);
    const forged = new URLSearchParams(query);
    forged.set('state', 'not-a-state-we-issued');
    const bad = await complete(a, `?${forged.toString()}`, cookie);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(
      /tidak valid atau sudah kedaluwarsa/,
    );
    const done = await complete(a, query, cookie);
    expect(done.status).toBe(200);
    // The cookie goes with the attempt, which is used up: a second post is refused.
    expect(done.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^urs_sso=; Max-Age=0; Path=\/api\/auth\/microsoft/),
    ]);
    expect((await complete(a, query, cookie)).status).toBe(400);
  });

  it('refuses a callback from a browser that did not start the attempt, and keeps the attempt for the one that did', async () => {
    const a = await app();
    account = 'rina@sekolah.test';
    // Someone starts an attempt with their own account and has another browser post its
    // callback (a link to the callback page): that browser holds no cookie, or its own.
    const theirs = await startSignIn(a);
    const query = await signInAtProvider(theirs.location);
    const other = await startSignIn(a);
    for (const cookie of [undefined, other.cookie, 'urs_sso=made-up']) {
      const res = await complete(a, query, cookie);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Sesi masuk SSO tidak valid atau sudah kedaluwarsa. Silakan coba masuk lagi.',
      );
    }
    expect(await a.db.select().from(users).where(eq(users.email, 'rina@sekolah.test'))).toEqual([]);
    // The browser that started it still can finish it.
    const res = await complete(a, query, theirs.cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(
      'rina@sekolah.test',
    );
  });

  it('refuses an expired code', async () => {
    const a = await app();
    account = 'joko@sekolah.test';
    const { location, cookie } = await startSignIn(a);
    const query = await signInAtProvider(location);
    await new Promise((resolve) => setTimeout(resolve, 2500)); // the provider's code lives 2 s here
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      const res = await complete(a, query, cookie);
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
    const res = await signIn(a);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Akun orang@gmail.test tidak diizinkan masuk. Gunakan email dengan domain: sekolah.test.',
    );
    expect(await a.db.select().from(users).where(eq(users.email, 'orang@gmail.test'))).toEqual([]);
  });

  it('matches nobody by an address the provider has not verified, and provisions nobody', async () => {
    const a = await app();
    await a.signIn('admin', 'belum.kepala@sekolah.test');
    for (const email of ['belum.kepala@sekolah.test', 'belum.baru@sekolah.test']) {
      account = email;
      const res = await signIn(a);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Akun SSO ini tidak memberikan alamat email yang terverifikasi.',
      );
    }
    expect(
      await a.db.select().from(users).where(eq(users.email, 'belum.baru@sekolah.test')),
    ).toEqual([]);
  });

  it('provisions nobody while registration is closed, and still signs in existing accounts', async () => {
    const a = await app({ REGISTRATION_ENABLED: 'false' });
    await a.signIn('custodian', 'ada@sekolah.test');
    account = 'baru.tutup@sekolah.test';
    const refused = await signIn(a);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Belum ada akun untuk baru.tutup@sekolah.test. Hubungi administrator.',
    );
    expect(
      await a.db.select().from(users).where(eq(users.email, 'baru.tutup@sekolah.test')),
    ).toEqual([]);
    account = 'ada@sekolah.test';
    expect((await signIn(a)).status).toBe(200);
  });

  it('never redirects after sign-in to another site', async () => {
    const a = await app();
    account = 'wati@sekolah.test';
    // A browser reads a backslash after the first slash as a second slash: `/\evil.example`
    // leads to evil.example as `//evil.example` does.
    // Tabs and line breaks are dropped before the address is read: `/\t/evil.example` too.
    for (const elsewhere of [
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example/x',
      '/\n\\evil.example/x',
    ]) {
      const res = await signIn(a, elsewhere);
      expect(((await res.json()) as { redirect: string | null }).redirect).toBeNull();
    }
  });
});

describe("single sign-on from a school's registration link (issue 39)", () => {
  /** Two schools, the second with the registration code `KODE-B`; SSO open to any domain. */
  async function district(): Promise<{ a: TestApp; schoolB: string }> {
    const a = await app({ OIDC_ALLOWED_DOMAINS: '' });
    const schoolB = await a.createSchool('SMP Dua');
    await a.db.write((tx) =>
      tx.update(schools).set({ registrationCode: 'KODE-B' }).where(eq(schools.id, schoolB)),
    );
    return { a, schoolB };
  }

  /** An attempt started with `?school=<code>`, as the login page sends it from the link. */
  async function startFromLink(a: TestApp, code: string): Promise<Attempt> {
    const res = await a.request(`/api/auth/microsoft/start?school=${encodeURIComponent(code)}`);
    expect(res.status).toBe(302);
    const cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    return { location: res.headers.get('location') ?? '', cookie };
  }

  const finish = async (a: TestApp, attempt: Attempt) =>
    complete(a, await signInAtProvider(attempt.location), attempt.cookie);

  async function schoolOf(a: TestApp, email: string) {
    const [row] = await a.db.select().from(users).where(eq(users.email, email));
    return row?.schoolId;
  }

  it('puts a new account into the school of the link its sign-in started from', async () => {
    const { a, schoolB } = await district();
    account = 'guru.baru@mana.test';
    const attempt = await startFromLink(a, ' KODE-B ');
    expect(attempt.cookie).toMatch(new RegExp(`^urs_sso=[\\w-]{43}\\.${schoolB}$`));
    const res = await finish(a, attempt);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await schoolOf(a, 'guru.baru@mana.test')).toBe(schoolB);
  });

  it('without a link, refuses a new account whose school cannot be told, and creates nobody', async () => {
    const { a } = await district();
    account = 'tanpa.tautan@mana.test';
    const res = await signIn(a);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'sso_school_unknown',
      message: 'Sekolah untuk akun ini tidak dapat ditentukan. Hubungi administrator sekolah Anda.',
    });
    expect(await schoolOf(a, 'tanpa.tautan@mana.test')).toBeUndefined();
  });

  it('sends a code no active school holds back to the login page, before the provider', async () => {
    const { a, schoolB } = await district();
    await a.db.write((tx) =>
      tx
        .update(schools)
        .set({ deactivatedAt: new Date().toISOString() })
        .where(eq(schools.id, schoolB)),
    );
    for (const code of ['TIDAK-ADA', 'KODE-B']) {
      const res = await a.request(
        `/api/auth/microsoft/start?school=${code}&redirect=${encodeURIComponent('/inventory')}`,
      );
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(
        '/login?sso_error=school_unknown&redirect=%2Finventory',
      );
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(await a.db.select().from(ssoStates)).toEqual([]);
  });

  it('lets the email domain decide over the link, and keeps an existing account in its school', async () => {
    const { a } = await district();
    await a.db.write((tx) =>
      tx
        .update(schools)
        .set({ ssoDomains: ['sma1.sch.test'] })
        .where(eq(schools.id, FIRST_SCHOOL_ID)),
    );
    account = 'guru@sma1.sch.test';
    expect((await finish(a, await startFromLink(a, 'KODE-B'))).status).toBe(200);
    expect(await schoolOf(a, 'guru@sma1.sch.test')).toBe(FIRST_SCHOOL_ID);

    await a.signIn('technician', 'lama@mana.test');
    account = 'lama@mana.test';
    expect((await finish(a, await startFromLink(a, 'KODE-B'))).status).toBe(200);
    expect(await schoolOf(a, 'lama@mana.test')).toBe(FIRST_SCHOOL_ID);
  });

  it('refuses an attempt whose school was changed on the way, and creates nobody', async () => {
    const { a } = await district();
    account = 'ubah.sekolah@mana.test';
    const attempt = await startFromLink(a, 'KODE-B');
    const query = await signInAtProvider(attempt.location);
    const forged = attempt.cookie.replace(/\.[\w-]+$/, `.${FIRST_SCHOOL_ID}`);
    expect(forged).not.toBe(attempt.cookie);
    const res = await complete(a, query, forged);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'sso_bad_state' });
    expect(await schoolOf(a, 'ubah.sekolah@mana.test')).toBeUndefined();
  });

  it("refuses a new account when the link's school was deactivated during the sign-in", async () => {
    const { a, schoolB } = await district();
    account = 'telat@mana.test';
    const attempt = await startFromLink(a, 'KODE-B');
    await a.db.write((tx) =>
      tx
        .update(schools)
        .set({ deactivatedAt: new Date().toISOString() })
        .where(eq(schools.id, schoolB)),
    );
    const res = await finish(a, attempt);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'school_unknown',
      message: 'Kode pendaftaran sekolah tidak dikenal.',
    });
    expect(await schoolOf(a, 'telat@mana.test')).toBeUndefined();
  });
});

describe('single sign-on behind a reverse proxy', () => {
  // The app's own default callback address (no OIDC_REDIRECT_URI), as the proxy's browser sees it.
  const PUBLIC_CALLBACK = 'https://urs.sekolah.sch.id/auth/microsoft/callback';
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'urs.sekolah.sch.id' };
  let behind: TestProvider;

  beforeAll(async () => {
    behind = await listenTestProvider(() => account);
    behind.serve(PUBLIC_CALLBACK);
  });
  afterAll(() => behind.close());

  const proxied = (trustProxy: boolean) =>
    makeTestApp({
      OIDC_ISSUER: behind.issuer,
      OIDC_CLIENT_ID: behind.clientId,
      OIDC_CLIENT_SECRET: behind.clientSecret,
      TRUST_PROXY: String(trustProxy),
    });

  async function start(a: TestApp): Promise<{ location: string; setCookie: string }> {
    const res = await a.request('/api/auth/microsoft/start', { headers: forwarded });
    expect(res.status).toBe(302);
    return {
      location: res.headers.get('location') ?? '',
      setCookie: res.headers.getSetCookie()[0] ?? '',
    };
  }
  const redirectUriOf = (location: string) => new URL(location).searchParams.get('redirect_uri');

  it("sends the provider back to the trusted proxy's https address, with a Secure cookie", async () => {
    t = await proxied(true);
    account = 'lewat.proxy@sekolah.test';
    const { location, setCookie } = await start(t);
    expect(redirectUriOf(location)).toBe(PUBLIC_CALLBACK);
    expect(setCookie).toMatch(/^urs_sso=[\w-]{43}; .*; Secure; SameSite=Lax$/);
    // The code exchange names the same address, so the sign-in goes through.
    const query = new URL(await followProvider(location, PUBLIC_CALLBACK)).search;
    const res = await t.request('/api/auth/microsoft/callback', {
      method: 'POST',
      json: { query },
      headers: { ...forwarded, cookie: setCookie.split(';')[0] ?? '' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(
      'lewat.proxy@sekolah.test',
    );
  });

  it('ignores the forwarded headers unless the proxy is trusted', async () => {
    t = await proxied(false);
    const { location, setCookie } = await start(t);
    expect(redirectUriOf(location)).toBe('http://localhost/auth/microsoft/callback');
    expect(setCookie).not.toMatch(/Secure/);
  });
});
