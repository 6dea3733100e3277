import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type AccountRole } from '@urs/sync-protocol';
import { createApp } from './app.js';
import { makeTestApp, type TestApp } from './test/harness.js';
import { ACCESS } from './test/route-access.js';

let t: TestApp;
const tokens = new Map<AccountRole, string>();

beforeAll(async () => {
  t = await makeTestApp();
  for (const role of ['admin', ...STAFF_ROLES, 'district_admin'] as const)
    tokens.set(role, (await t.signIn(role)).token);
});
afterAll(() => t.close());

function registeredRoutes(): string[] {
  const app = createApp({ db: t.db, env: t.env });
  // app.use() middleware and catch-all fallbacks register as ALL; they are not endpoints.
  const keys = app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)].sort();
}

function concrete(path: string): string {
  return path
    .replace(':sha256', '0'.repeat(64))
    .replace(':id', '0190a0a0-0000-7000-8000-000000000000')
    .replace(':userId', '0190a0a0-0000-7000-8000-000000000001');
}

async function call(route: string, token?: string): Promise<number> {
  const [method = 'GET', path = '/'] = route.split(' ');
  const init: Parameters<TestApp['request']>[1] = { method };
  if (token !== undefined) init.token = token;
  if (method !== 'GET' && method !== 'DELETE') init.json = {};
  const res = await t.request(concrete(path === '/*' ? '/anything' : path), init);
  // Read to the end: an export streams its body after answering, from the database.
  await res.arrayBuffer();
  return res.status;
}

describe('role x route matrix', () => {
  it('lists every registered route, and nothing that is not registered', () => {
    expect(registeredRoutes()).toEqual(Object.keys(ACCESS).sort());
  });

  const protectedRoutes = Object.entries(ACCESS).filter(([, access]) => access !== 'public');
  it.each(protectedRoutes)('%s answers 401 without a token', async (route) => {
    expect(await call(route)).toBe(401);
    expect(await call(route, 'urs_not-a-real-token')).toBe(401);
  });

  const adminRoutes = Object.entries(ACCESS).filter(([, access]) => access === 'admin');
  it.each(adminRoutes)(
    '%s answers 403 to every staff role and lets an admin through',
    async (route) => {
      for (const role of [...STAFF_ROLES, 'district_admin'] as const) {
        expect(await call(route, tokens.get(role)), role).toBe(403);
      }
      expect([401, 403]).not.toContain(await call(route, tokens.get('admin')));
    },
  );

  const signedInRoutes = Object.entries(ACCESS).filter(([, access]) => access === 'signed-in');
  it.each(signedInRoutes)(
    '%s lets every school role through the guard and refuses the district admin',
    async (route) => {
      for (const role of ['admin', ...STAFF_ROLES] as const) {
        expect([401, 403], role).not.toContain(await call(route, tokens.get(role)));
      }
      expect(await call(route, tokens.get('district_admin'))).toBe(403);
    },
  );

  const accountRoutes = Object.entries(ACCESS).filter(([, access]) => access === 'account');
  it.each(accountRoutes)('%s lets every account through the guard', async (route) => {
    for (const role of ['admin', ...STAFF_ROLES, 'district_admin'] as const) {
      if (route === 'POST /api/logout') continue; // would end the shared session of the next case
      expect([401, 403], role).not.toContain(await call(route, tokens.get(role)));
    }
  });

  const districtRoutes = Object.entries(ACCESS).filter(([, access]) => access === 'district');
  it.each(districtRoutes)(
    '%s answers 403 to every school role and lets the district admin through',
    async (route) => {
      for (const role of ['admin', ...STAFF_ROLES] as const) {
        expect(await call(route, tokens.get(role)), role).toBe(403);
      }
      expect([401, 403]).not.toContain(await call(route, tokens.get('district_admin')));
    },
  );
});

describe('every answer', () => {
  it('carries the security headers and a CSP the PWA can run under', async () => {
    for (const path of ['/api/health', '/', '/api/nope']) {
      const res = await t.request(path);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS only behind HTTPS', async () => {
    const res = await t.request('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    // Without a trusted proxy only the request's own scheme counts, not anyone's header.
    const direct = await makeTestApp({ TRUST_PROXY: 'false' });
    try {
      const forged = await direct.request('/api/health', {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers.get('strict-transport-security')).toBeNull();
      const secure = await direct.request('https://urs.sekolah.test/api/health');
      expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await direct.close();
    }
  });

  it('keeps CORS closed by default and opens it only to the configured origins', async () => {
    const closed = await t.request('/api/health', { headers: { origin: 'https://evil.example' } });
    expect(closed.headers.get('access-control-allow-origin')).toBeNull();
    const open = await makeTestApp({ CORS_ORIGINS: 'https://admin.sekolah.test' });
    try {
      const allowed = await open.request('/api/health', {
        headers: { origin: 'https://admin.sekolah.test' },
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.sekolah.test');
      const other = await open.request('/api/health', {
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await open.close();
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: 'Alamat API tidak ditemukan.',
      code: 'api_not_found',
    });
  });

  it('never leaks a stack trace or SQL when something breaks inside', async () => {
    const broken = await makeTestApp();
    const { token } = await broken.signIn('admin');
    await broken.db.close();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await broken.request('/api/users?q=x', { token });
      expect(res.status).toBe(500);
      expect(await res.text()).toBe(
        JSON.stringify({
          message: 'Terjadi kesalahan pada server. Silakan coba lagi.',
          code: 'server_error',
        }),
      );
      const health = await broken.request('/api/health');
      expect(health.status).toBe(503);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      console.error = original;
      await broken.close();
    }
  });
});
