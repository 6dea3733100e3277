import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userSchema } from '@urs/sync-protocol';
import { sessions, userActivity } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import { makeTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';
import { oneFieldError } from '../../test/field-error.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const login = (email: string, password: string, ip = '10.9.9.1') =>
  t.request('/api/login', {
    method: 'POST',
    json: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

describe('POST /api/login', () => {
  it('answers an opaque access_token and the user object in the agreed shape', async () => {
    const { user } = await t.signIn('technician', 'tek@sekolah.test');
    const res = await login('TEK@sekolah.test ', TEST_PASSWORD);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body['access_token']).toMatch(/^urs_[A-Za-z0-9_-]{43}$/);
    expect(body['token_type']).toBe('Bearer');
    const parsed = userSchema.strict().parse(body['user']);
    expect(parsed).toMatchObject({
      id: user.id,
      role: 'technician',
      preferred_theme: 'dark',
      preferred_language: 'id',
    });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('records the school-local day of activity once per user per day', async () => {
    const { token, user } = await t.signIn('gardener');
    await t.request('/api/user', { token });
    const rows = await t.db.select().from(userActivity).where(eq(userActivity.userId, user.id));
    const wibToday = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect(rows).toEqual([{ userId: user.id, day: wibToday }]);
  });

  it('stores only the SHA-256 of the token', async () => {
    const { token } = await t.signIn('custodian');
    const rows = await t.db.select().from(sessions);
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a wrong password and an unknown email alike with 401 and a field error', async () => {
    await t.signIn('gardener', 'kebun@sekolah.test');
    for (const res of [
      await login('kebun@sekolah.test', 'salah-sekali'),
      await login('nobody@sekolah.test', 'x'),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(
        oneFieldError('email', 'invalid_credentials', 'Email atau password salah.'),
      );
    }
  });

  it('answers 422 with per-field errors for a malformed body', async () => {
    const res = await t.request('/api/login', { method: 'POST', json: { email: 'bukan-email' } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.errors['email']).toEqual(['Format email tidak valid.']);
    expect(body.errors['password']).toEqual(['Password wajib diisi.']);
  });

  it('answers 400 for a body that is not JSON and 415 for another content type', async () => {
    const bad = await t.request('/api/login', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      message: 'Body bukan JSON yang valid.',
      code: 'json_invalid',
    });
    const form = await t.request('/api/login', {
      method: 'POST',
      body: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(form.status).toBe(415);
  });
});

describe('POST /api/register', () => {
  const valid = {
    name: 'Siti Aminah',
    email: 'siti@sekolah.test',
    phone: '+62 812-3456-7890',
    password: 'kebersihan1',
    password_confirmation: 'kebersihan1',
  };

  it('creates a custodian, whatever role is sent, and signs them in', async () => {
    const res = await t.request('/api/register', {
      method: 'POST',
      json: { ...valid, role: 'admin' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      access_token: string;
      user: { role: string; phone: string };
    };
    expect(body.user.role).toBe('custodian');
    expect(body.user.phone).toBe('+62 812-3456-7890');
    const me = await t.request('/api/user', { token: body.access_token });
    expect(me.status).toBe(200);
  });

  it('rejects a short password, a mismatched confirmation and a taken email per field', async () => {
    const short = await t.request('/api/register', {
      method: 'POST',
      json: { ...valid, password: 'pendek', password_confirmation: 'lain' },
    });
    expect(short.status).toBe(422);
    const shortBody = (await short.json()) as {
      errors: Record<string, string[]>;
      field_reasons: Record<string, unknown[]>;
    };
    expect(shortBody.errors['password']).toEqual(['Password minimal 8 karakter.']);
    expect(shortBody.errors['password_confirmation']).toEqual(['Konfirmasi password tidak cocok.']);
    expect(shortBody.field_reasons['password']).toEqual([
      { code: 'password_too_short', params: { min: 8 } },
    ]);
    expect(shortBody.field_reasons['password_confirmation']).toEqual([
      { code: 'password_mismatch' },
    ]);

    expect((await t.request('/api/register', { method: 'POST', json: valid })).status).toBe(201);
    const again = await t.request('/api/register', {
      method: 'POST',
      json: { ...valid, email: 'SITI@sekolah.test' },
    });
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual(
      oneFieldError('email', 'email_taken', 'Email sudah terdaftar.'),
    );
  });

  it('gives the configured default role instead when one is set', async () => {
    await t.close();
    t = await makeTestApp({ REGISTRATION_DEFAULT_ROLE: 'gardener' });
    const res = await t.request('/api/register', { method: 'POST', json: valid });
    expect(((await res.json()) as { user: { role: string } }).user.role).toBe('gardener');
    await expect(makeTestApp({ REGISTRATION_DEFAULT_ROLE: 'admin' })).rejects.toThrow(
      /REGISTRATION_DEFAULT_ROLE/,
    );
  });

  it('is refused with 403 when registration is turned off', async () => {
    await t.close();
    t = await makeTestApp({ REGISTRATION_ENABLED: 'false' });
    const res = await t.request('/api/register', { method: 'POST', json: valid });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /Pendaftaran akun baru sedang ditutup/,
    );
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('answers 401 without a token, with a malformed header and with an unknown token', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer urs_unknown' },
    ];
    for (const headers of variants) {
      const res = await t.request('/api/user', { headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toMatch(/Sesi tidak valid/);
    }
  });

  it('revokes the token on logout: the old token then answers 401', async () => {
    const { token, user } = await t.signIn('admin');
    const me = await t.request('/api/user', { token });
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(user.id);
    expect((await t.request('/api/logout', { method: 'POST', token })).status).toBe(200);
    expect((await t.request('/api/user', { token })).status).toBe(401);
    expect((await t.request('/api/logout', { method: 'POST', token })).status).toBe(401);
  });

  it('answers 401 for an expired token and slides the expiry of a token in use', async () => {
    const { token } = await t.signIn('custodian');
    const hash = hashToken(token);
    const past = new Date(Date.now() - 1000).toISOString();
    await t.db.write((tx) =>
      tx.update(sessions).set({ expiresAt: past }).where(eq(sessions.tokenHash, hash)),
    );
    expect((await t.request('/api/user', { token })).status).toBe(401);

    const second = await t.signIn('custodian');
    const secondHash = hashToken(second.token);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const soon = new Date(Date.now() + 60_000).toISOString();
    await t.db.write((tx) =>
      tx
        .update(sessions)
        .set({ lastUsedAt: twoHoursAgo, expiresAt: soon })
        .where(eq(sessions.tokenHash, secondHash)),
    );
    expect((await t.request('/api/user', { token: second.token })).status).toBe(200);
    const row = (await t.db.select().from(sessions).where(eq(sessions.tokenHash, secondHash)))[0];
    expect(Date.parse(row?.expiresAt ?? '')).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('answers 401 once the user is deleted', async () => {
    const admin = await t.signIn('admin');
    const staff = await t.signIn('gardener');
    expect(
      (await t.request(`/api/users/${staff.user.id}`, { method: 'DELETE', token: admin.token }))
        .status,
    ).toBe(200);
    expect((await t.request('/api/user', { token: staff.token })).status).toBe(401);
  });
});
