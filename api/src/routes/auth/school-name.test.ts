import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, User } from '@urs/sync-protocol';
import { FIRST_SCHOOL_NAME } from '../../db/schools.js';
import { makeTestApp, type TestApp } from '../../test/harness.js';

/*
 * The signed-in user carries their school's name (issue 39): the app's footer and proof sheets
 * name the user's school, not one text for the whole deployment.
 */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

async function me(token: string): Promise<User> {
  const res = await t.request('/api/user', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: User }).user;
}

async function pulledMe(token: string): Promise<User> {
  const res = await t.request('/api/sync/pull?cursor=&limit=10', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as PullResponse).me;
}

describe('the signed-in user names their school', () => {
  it('in the sign-in answer, /api/user, the pull and the profile answers, per school', async () => {
    const second = await t.createSchool('SMP Negeri 4 Depok');
    const first = await t.signIn('custodian');
    const other = await t.signIn('technician', undefined, { schoolId: second });
    expect(first.user.school_name).toBe(FIRST_SCHOOL_NAME);
    expect(other.user.school_name).toBe('SMP Negeri 4 Depok');
    expect((await me(other.token)).school_name).toBe('SMP Negeri 4 Depok');
    expect((await pulledMe(other.token)).school_name).toBe('SMP Negeri 4 Depok');
    const res = await t.request('/api/profile/preferences', {
      method: 'POST',
      token: other.token,
      json: { preferred_theme: 'dark' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: User }).user.school_name).toBe('SMP Negeri 4 Depok');
  });

  it('is null for a district administrator, and absent from lists of users', async () => {
    const district = await t.signIn('district_admin');
    expect(district.user.school_name).toBeNull();
    expect((await me(district.token)).school_name).toBeNull();
    const admin = await t.signIn('admin');
    const res = await t.request('/api/users', { token: admin.token });
    expect(res.status).toBe(200);
    const list = ((await res.json()) as { data: User[] }).data;
    expect(list.length).toBeGreaterThan(0);
    for (const user of list) {
      expect(user).not.toHaveProperty('school_name');
      expect(user).not.toHaveProperty('school_utc_offset');
    }
  });
});

describe("the signed-in user carries the school's UTC offset", () => {
  it('WIB (420 minutes) by default, in every answer about oneself', async () => {
    const first = await t.signIn('technician');
    expect(first.user.school_utc_offset).toBe(420);
    expect((await me(first.token)).school_utc_offset).toBe(420);
    expect((await pulledMe(first.token)).school_utc_offset).toBe(420);
  });

  it('as SCHOOL_UTC_OFFSET sets it, west of UTC too', async () => {
    const wit = await makeTestApp({ SCHOOL_UTC_OFFSET: '+09:00' });
    const west = await makeTestApp({ SCHOOL_UTC_OFFSET: '-03:30' });
    try {
      const east = await wit.signIn('custodian');
      expect(east.user.school_utc_offset).toBe(540);
      const res = await wit.request('/api/profile/preferences', {
        method: 'POST',
        token: east.token,
        json: { preferred_language: 'en' },
      });
      expect(((await res.json()) as { user: User }).user.school_utc_offset).toBe(540);
      const other = await west.signIn('admin');
      expect(other.user.school_utc_offset).toBe(-210);
      const pulled = await west.request('/api/sync/pull?cursor=&limit=10', { token: other.token });
      expect(((await pulled.json()) as PullResponse).me.school_utc_offset).toBe(-210);
    } finally {
      await wit.close();
      await west.close();
    }
  });
});
