import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schools, users } from '../../db/schema.js';
import { FIRST_SCHOOL_ID } from '../../db/schools.js';
import { makeTestApp, type TestApp } from '../../test/harness.js';

/*
 * Issue 39 item 5: a school's admin hands out their school's registration link. They read their
 * own school's code, and a new code ends the old link at once; nothing names another school.
 */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

interface OwnSchool {
  name: string;
  registration_code: string | null;
  several_schools: boolean;
}

async function own(token: string, method: 'GET' | 'POST' = 'GET'): Promise<OwnSchool> {
  const path = method === 'GET' ? '/api/school' : '/api/school/registration-code';
  const res = await t.request(path, { method, token });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { data: OwnSchool }).data;
}

const register = (email: string, schoolCode?: string) =>
  t.request('/api/register', {
    method: 'POST',
    json: {
      name: 'Staf Baru',
      email,
      password: 'kebersihan1',
      password_confirmation: 'kebersihan1',
      ...(schoolCode !== undefined && { school_code: schoolCode }),
    },
  });

async function schoolOf(email: string): Promise<string | null | undefined> {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row?.schoolId;
}

async function codeOf(id: string): Promise<string | null | undefined> {
  const [row] = await t.db.select().from(schools).where(eq(schools.id, id));
  return row?.registrationCode;
}

describe("a school admin's own school", () => {
  let adminA = '';
  let adminB = '';
  let schoolB = '';

  it('on a single school: its name, no code yet, and not several schools', async () => {
    adminA = (await t.signIn('admin')).token;
    const school = await own(adminA);
    expect(school).toEqual({
      name: expect.any(String) as string,
      registration_code: null,
      several_schools: false,
    });
    const [first] = await t.db.select().from(schools).where(eq(schools.id, FIRST_SCHOOL_ID));
    expect(school.name).toBe(first?.name);
  });

  it('says several schools once a second school is active, and each admin sees only theirs', async () => {
    schoolB = await t.createSchool('SMP Negeri 2 Contoh');
    adminB = (await t.signIn('admin', 'admin.b@smp2.test', { schoolId: schoolB })).token;
    expect((await own(adminA)).several_schools).toBe(true);
    expect(await own(adminB)).toEqual({
      name: 'SMP Negeri 2 Contoh',
      registration_code: null,
      several_schools: true,
    });
  });

  it('a new code is the link that registers into that school, and ends the old link', async () => {
    const first = await own(adminB, 'POST');
    expect(first.registration_code).toMatch(/^[\w-]{12}$/);
    expect(await codeOf(schoolB)).toBe(first.registration_code);
    expect(await codeOf(FIRST_SCHOOL_ID)).toBeNull(); // A untouched

    const joined = await register('baru.b@smp2.test', first.registration_code ?? '');
    expect(joined.status, await joined.clone().text()).toBe(201);
    expect(await schoolOf('baru.b@smp2.test')).toBe(schoolB);

    const second = await own(adminB, 'POST');
    expect(second.registration_code).not.toBe(first.registration_code);
    expect((await own(adminB)).registration_code).toBe(second.registration_code);
    const stale = await register('lama.b@smp2.test', first.registration_code ?? '');
    expect(stale.status).toBe(422);
    expect(await stale.json()).toMatchObject({ code: 'school_unknown' });
    expect(await schoolOf('lama.b@smp2.test')).toBeUndefined();
  });

  it("renewing A's code leaves B's link working", async () => {
    const b = await codeOf(schoolB);
    const a = await own(adminA, 'POST');
    expect(a.registration_code).not.toBeNull();
    expect(a.registration_code).not.toBe(b);
    expect(await codeOf(schoolB)).toBe(b);
    const res = await register('lagi.b@smp2.test', b ?? '');
    expect(res.status).toBe(201);
    expect(await schoolOf('lagi.b@smp2.test')).toBe(schoolB);
  });

  it('is not several schools again once the other school is deactivated', async () => {
    await t.db.write((tx) =>
      tx
        .update(schools)
        .set({ deactivatedAt: new Date().toISOString() })
        .where(eq(schools.id, schoolB)),
    );
    expect((await own(adminA)).several_schools).toBe(false);
  });

  it('is refused to staff and to the district admin', async () => {
    for (const role of ['gardener', 'district_admin'] as const) {
      const { token } = await t.signIn(role);
      for (const [method, path] of [
        ['GET', '/api/school'],
        ['POST', '/api/school/registration-code'],
      ] as const) {
        expect((await t.request(path, { method, token })).status, `${role} ${path}`).toBe(403);
      }
    }
  });
});
