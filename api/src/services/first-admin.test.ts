import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { ConfigError } from '../lib/config-error.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { createAdminFrom } from './first-admin.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const first = {
  URS_ADMIN_NAME: 'Dewi Lestari',
  URS_ADMIN_EMAIL: ' Dewi.Lestari@Dinas.go.id ',
  URS_ADMIN_PASSWORD: 'kata-sandi-kuat',
};

describe("a district's first administrator", () => {
  it('is made from the URS_ADMIN_* variables and signs in as admin', async () => {
    const made = await createAdminFrom(t.db, first, t.env.SCRYPT_LOG_N);
    expect(made).toMatchObject({ role: 'admin', email: 'dewi.lestari@dinas.go.id' });
    const login = await t.request('/api/login', {
      method: 'POST',
      json: { email: 'dewi.lestari@dinas.go.id', password: 'kata-sandi-kuat' },
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    expect((await t.request('/api/users', { token })).status).toBe(200);
  });

  it('is refused for an email already in use, naming the variable in one line', async () => {
    await createAdminFrom(t.db, first, t.env.SCRYPT_LOG_N);
    const again = createAdminFrom(t.db, first, t.env.SCRYPT_LOG_N);
    await expect(again).rejects.toBeInstanceOf(ConfigError);
    await expect(again).rejects.toThrow(/^URS_ADMIN_EMAIL: \S[^\n]*$/);
  });

  it('is refused with every missing or short value named', async () => {
    const refused = createAdminFrom(
      t.db,
      { URS_ADMIN_EMAIL: 'bukan-email', URS_ADMIN_PASSWORD: 'pendek' },
      t.env.SCRYPT_LOG_N,
    );
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    const message = await refused.then(
      () => '',
      (err: Error) => err.message,
    );
    expect(message.split('; ').map((part: string) => part.split(':')[0])).toEqual([
      'URS_ADMIN_NAME',
      'URS_ADMIN_EMAIL',
      'URS_ADMIN_PASSWORD',
    ]);
    expect(await t.db.select().from(users)).toEqual([]);
  });
});
