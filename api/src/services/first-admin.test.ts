import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { User } from '@urs/sync-protocol';
import { schools, users } from '../db/schema.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
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
    // The deployment's one school needs no URS_SCHOOL_ID.
    expect(made.admin).toMatchObject({
      role: 'admin',
      email: 'dewi.lestari@dinas.go.id',
      schoolId: FIRST_SCHOOL_ID,
    });
    expect(made.school?.id).toBe(FIRST_SCHOOL_ID);
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

describe('URS_ROLE and URS_SCHOOL_ID', () => {
  const signIn = async (email: string) => {
    const res = await t.request('/api/login', {
      method: 'POST',
      json: { email, password: first.URS_ADMIN_PASSWORD },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };

  it('URS_ROLE=district_admin makes an account of no school, who manages the schools', async () => {
    const made = await createAdminFrom(
      t.db,
      { ...first, URS_ROLE: 'district_admin' },
      t.env.SCRYPT_LOG_N,
    );
    expect(made.school).toBeNull();
    expect(made.admin).toMatchObject({ role: 'district_admin', schoolId: null });
    const token = await signIn('dewi.lestari@dinas.go.id');
    expect((await t.request('/api/district/schools', { token })).status).toBe(200);
    // In no school's user list.
    expect((await t.request('/api/users', { token })).status).toBe(403);
  });

  it('refuses an unknown role, or a school for a district_admin, in one line, making nobody', async () => {
    for (const role of ['custodian', 'Admin', 'kepala_dinas']) {
      expect(
        await refusalOf(createAdminFrom(t.db, { ...first, URS_ROLE: role }, t.env.SCRYPT_LOG_N)),
      ).toBe(
        `URS_ROLE: "${role}" is not admin (the default) or district_admin; staff accounts are made in the app by their school's admin`,
      );
    }
    const schooled = { ...first, URS_ROLE: 'district_admin', URS_SCHOOL_ID: FIRST_SCHOOL_ID };
    expect(await refusalOf(createAdminFrom(t.db, schooled, t.env.SCRYPT_LOG_N))).toMatch(
      /^URS_SCHOOL_ID: a district_admin belongs to no school; [^\n]+$/,
    );
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it('with several schools, an admin needs URS_SCHOOL_ID, an existing one, and joins that school', async () => {
    const second = await t.createSchool('SMP Negeri 2 Sleman');
    const missing = await refusalOf(createAdminFrom(t.db, first, t.env.SCRYPT_LOG_N));
    expect(missing).toBe(
      `URS_SCHOOL_ID: this deployment has 2 schools; name the admin's school: ${FIRST_SCHOOL_ID} (SMA Harapan Nusantara), ${second} (SMP Negeri 2 Sleman)`,
    );
    const unknown = await refusalOf(
      createAdminFrom(t.db, { ...first, URS_SCHOOL_ID: 'smp-2' }, t.env.SCRYPT_LOG_N),
    );
    expect(unknown).toMatch(/^URS_SCHOOL_ID: no school has the id "smp-2"; the schools: [^\n]+$/);
    expect(await t.db.select().from(users)).toEqual([]);

    const made = await createAdminFrom(
      t.db,
      { ...first, URS_SCHOOL_ID: ` ${second} ` },
      t.env.SCRYPT_LOG_N,
    );
    expect(made.admin).toMatchObject({ role: 'admin', schoolId: second });
    const token = await signIn('dewi.lestari@dinas.go.id');
    const list = (await (await t.request('/api/users', { token })).json()) as { data: User[] };
    expect(list.data.map((u) => u.email)).toEqual(['dewi.lestari@dinas.go.id']);
  });

  it('lists at most ten schools in the refusal, then how many more', async () => {
    for (let n = 2; n <= 12; n++) await t.createSchool(`Sekolah ${String(n).padStart(2, '0')}`);
    const missing = await refusalOf(createAdminFrom(t.db, first, t.env.SCRYPT_LOG_N));
    expect(missing).toMatch(/^URS_SCHOOL_ID: this deployment has 12 schools; /);
    expect(missing.match(/ \(/g)).toHaveLength(10);
    expect(missing).toMatch(/, and 2 more$/);
  });
});
