import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { User } from '@urs/sync-protocol';
import { schools, users } from '../db/schema.js';
import { ConfigError } from '../lib/config-error.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { createAdminFrom, createSchoolFrom } from './first-admin.js';

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

/** The one-line message of a refused operator input, '' if it was not refused. */
const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => '',
    (err: Error) => {
      expect(err).toBeInstanceOf(ConfigError);
      return err.message;
    },
  );

describe('a new school and its first administrator', () => {
  const school = {
    URS_SCHOOL_NAME: ' SMP Negeri 2 Sleman ',
    URS_ADMIN_NAME: 'Dewi Lestari',
    URS_ADMIN_EMAIL: 'dewi.lestari@smpn2sleman.sch.id',
    URS_ADMIN_PASSWORD: 'kata-sandi-kuat',
  };

  it('are made together; the admin signs in to an empty school, whose staff register with its code', async () => {
    const made = await createSchoolFrom(t.db, school, t.env.SCRYPT_LOG_N);
    expect(made.school).toMatchObject({ name: 'SMP Negeri 2 Sleman', deactivatedAt: null });
    expect(made.school.registrationCode).toMatch(/^[\w-]{8,}$/);
    expect(made.admin).toMatchObject({ role: 'admin', schoolId: made.school.id });

    const login = await t.request('/api/login', {
      method: 'POST',
      json: { email: school.URS_ADMIN_EMAIL, password: school.URS_ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const list = (await (await t.request('/api/users', { token })).json()) as { data: User[] };
    expect(list.data.map((u) => u.email)).toEqual([school.URS_ADMIN_EMAIL]);

    // Two schools now: registration needs a code, and the printed one names the new school.
    const registered = await t.request('/api/register', {
      method: 'POST',
      json: {
        name: 'Staf Baru',
        email: 'staf@smpn2sleman.sch.id',
        password: 'kebersihan1',
        password_confirmation: 'kebersihan1',
        school_code: made.school.registrationCode,
      },
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const [staff] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'staf@smpn2sleman.sch.id'));
    expect(staff?.schoolId).toBe(made.school.id);
  });

  it('is refused for a taken school name or email, in one line naming the variable', async () => {
    await createSchoolFrom(t.db, school, t.env.SCRYPT_LOG_N);
    const sameName = { ...school, URS_ADMIN_EMAIL: 'kepala@smpn2sleman.sch.id' };
    expect(await refusalOf(createSchoolFrom(t.db, sameName, t.env.SCRYPT_LOG_N))).toBe(
      'URS_SCHOOL_NAME: Nama sekolah sudah dipakai.',
    );
    const sameEmail = { ...school, URS_SCHOOL_NAME: 'SMP Negeri 3 Sleman' };
    expect(await refusalOf(createSchoolFrom(t.db, sameEmail, t.env.SCRYPT_LOG_N))).toBe(
      'URS_ADMIN_EMAIL: Email sudah terdaftar.',
    );
    // The first school (the migration's) and the one made; nothing of the refused two.
    expect(await t.db.select({ name: schools.name }).from(schools)).toHaveLength(2);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('is refused with every missing, malformed or weak value named, and nothing made', async () => {
    const message = await refusalOf(
      createSchoolFrom(
        t.db,
        { URS_SCHOOL_NAME: '  ', URS_ADMIN_EMAIL: 'bukan-email', URS_ADMIN_PASSWORD: 'pendek' },
        t.env.SCRYPT_LOG_N,
      ),
    );
    expect(message).not.toContain('\n');
    expect(message.split('; ').map((part) => part.split(':')[0])).toEqual([
      'URS_SCHOOL_NAME',
      'URS_ADMIN_NAME',
      'URS_ADMIN_EMAIL',
      'URS_ADMIN_PASSWORD',
    ]);
    expect(await t.db.select().from(schools)).toHaveLength(1);
    expect(await t.db.select().from(users)).toEqual([]);
  });
});
