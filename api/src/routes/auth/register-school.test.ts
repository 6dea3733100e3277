import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools, users } from '../../db/schema.js';
import { FIRST_SCHOOL_ID } from '../../db/schools.js';
import { schoolForSso } from '../../services/schools.js';
import { makeTestApp, type TestApp } from '../../test/harness.js';

/*
 * Issue 39 item 5: a new account lands in the right school, or is refused with a clear reason;
 * never a guess. One school needs nothing; several need the school's registration code (or,
 * through single sign-on, the school's email domain).
 */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const account = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Staf Baru',
  email,
  password: 'kebersihan1',
  password_confirmation: 'kebersihan1',
  ...extra,
});

const register = (body: unknown) => t.request('/api/register', { method: 'POST', json: body });

async function schoolOf(email: string): Promise<string | null | undefined> {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row?.schoolId;
}

async function refusal(res: Response, status: number) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as {
    errors: Record<string, string[]>;
    field_reasons: Record<string, unknown[]>;
  };
}

describe('self-registration picks the school', () => {
  let second = '';

  it('joins the only school without a code, as a single school always did', async () => {
    expect((await register(account('satu@sekolah.test'))).status).toBe(201);
    expect(await schoolOf('satu@sekolah.test')).toBe(FIRST_SCHOOL_ID);
  });

  it('with two schools, refuses a registration without a code and creates nobody', async () => {
    second = await t.createSchool('SMP Dua');
    const body = await refusal(await register(account('dua@sekolah.test')), 422);
    expect(body.field_reasons['school_code']).toEqual([{ code: 'school_required' }]);
    expect(body.errors['school_code']).toEqual(['Gunakan tautan pendaftaran dari sekolah Anda.']);
    expect(await schoolOf('dua@sekolah.test')).toBeUndefined();
  });

  it('joins the school whose code is given, and refuses a code no active school has', async () => {
    await t.db.write((tx) =>
      tx.update(schools).set({ registrationCode: 'SMP2-KODE' }).where(eq(schools.id, second)),
    );
    const joined = await register(account('tiga@sekolah.test', { school_code: 'SMP2-KODE' }));
    expect(joined.status, await joined.clone().text()).toBe(201);
    expect(await schoolOf('tiga@sekolah.test')).toBe(second);

    const unknown = await refusal(
      await register(account('empat@sekolah.test', { school_code: 'TIDAK-ADA' })),
      422,
    );
    expect(unknown.field_reasons['school_code']).toEqual([{ code: 'school_unknown' }]);
    expect(unknown.errors['school_code']).toEqual(['Kode pendaftaran sekolah tidak dikenal.']);
    expect(await schoolOf('empat@sekolah.test')).toBeUndefined();

    // A deactivated school's code names no active school.
    await t.db.write((tx) =>
      tx
        .update(schools)
        .set({ deactivatedAt: new Date().toISOString() })
        .where(eq(schools.id, second)),
    );
    const inactive = await refusal(
      await register(account('lima@sekolah.test', { school_code: 'SMP2-KODE' })),
      422,
    );
    expect(inactive.field_reasons['school_code']).toEqual([{ code: 'school_unknown' }]);
    // With the second school inactive, the first is again the only one.
    expect((await register(account('enam@sekolah.test'))).status).toBe(201);
    expect(await schoolOf('enam@sekolah.test')).toBe(FIRST_SCHOOL_ID);
  });
});

describe('single sign-on picks the school of a new account', () => {
  it('by the email domain, else the only school, else refuses', async () => {
    const app = await makeTestApp();
    try {
      expect(await schoolForSso(app.db, 'guru@mana.saja')).toBe(FIRST_SCHOOL_ID);
      const other = await app.createSchool('SMA Lain');
      await expect(schoolForSso(app.db, 'guru@mana.saja')).rejects.toMatchObject({
        status: 403,
        reason: { code: 'sso_school_unknown' },
      });
      await app.db.write((tx) =>
        tx
          .update(schools)
          .set({ ssoDomains: ['smalain.sch.id'] })
          .where(eq(schools.id, other)),
      );
      expect(await schoolForSso(app.db, 'guru@SMALAIN.sch.id')).toBe(other);
      // A domain two schools list tells nothing: refused, not guessed.
      await app.db.write((tx) =>
        tx
          .update(schools)
          .set({ ssoDomains: ['smalain.sch.id'] })
          .where(eq(schools.id, FIRST_SCHOOL_ID)),
      );
      await expect(schoolForSso(app.db, 'guru@smalain.sch.id')).rejects.toMatchObject({
        status: 403,
        reason: { code: 'sso_school_unknown' },
      });
      // A registration link decides where the domain does not: unlisted, or listed twice.
      expect(await schoolForSso(app.db, 'guru@smalain.sch.id', other)).toBe(other);
      expect(await schoolForSso(app.db, 'guru@mana.saja', FIRST_SCHOOL_ID)).toBe(FIRST_SCHOOL_ID);
      // A link of a school no longer active names none: refused, not the other school.
      await app.db.write((tx) =>
        tx
          .update(schools)
          .set({ deactivatedAt: new Date().toISOString() })
          .where(eq(schools.id, other)),
      );
      await expect(schoolForSso(app.db, 'guru@mana.saja', other)).rejects.toMatchObject({
        status: 403,
        reason: { code: 'school_unknown' },
      });
    } finally {
      await app.close();
    }
  });
});
