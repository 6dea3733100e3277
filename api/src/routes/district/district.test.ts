import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newId,
  type AnalyticsSnapshot,
  type School,
  type SchoolOverviewRow,
  type User,
} from '@urs/sync-protocol';
import { reports, sessions, users } from '../../db/schema.js';
import { FIRST_SCHOOL_ID } from '../../db/schools.js';
import { makeTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';
import { TestDevice } from '../../sync/test-kit.js';
import { localDate, parseUtcOffset } from '../../lib/school-time.js';

/* Issue 39 item 4: the district administrator's schools, admins, overview and analytics. */

let t: TestApp;
let district: string;

beforeAll(async () => {
  t = await makeTestApp();
  district = (await t.signIn('district_admin')).token;
});
afterAll(() => t.close());

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const login = (email: string) =>
  t.request('/api/login', { method: 'POST', json: { email, password: TEST_PASSWORD } });

async function newSchool(name: string, adminEmail: string) {
  return json<{ data: { school: School; admin: User } }>(
    await t.request('/api/district/schools', {
      method: 'POST',
      token: district,
      json: {
        name,
        admin: { name: `Admin ${name}`, email: adminEmail, password: TEST_PASSWORD },
      },
    }),
    201,
  );
}

const patchSchool = (id: string, body: unknown) =>
  t.request(`/api/district/schools/${id}`, { method: 'PATCH', token: district, json: body });

describe('schools', () => {
  it('creates a school with its first admin, who signs in to an empty school', async () => {
    const { data } = await newSchool('SMP Satu', 'admin@smp1.test');
    expect(data.school).toMatchObject({ name: 'SMP Satu', active: true, sso_domains: [] });
    expect(data.admin).toMatchObject({ role: 'admin', email: 'admin@smp1.test' });
    const row = await t.db.select().from(users).where(eq(users.id, data.admin.id));
    expect(row[0]?.schoolId).toBe(data.school.id);
    const session = await json<{ access_token: string }>(await login('admin@smp1.test'), 200);
    const list = await json<{ data: User[] }>(
      await t.request('/api/users', { token: session.access_token }),
      200,
    );
    expect(list.data.map((u) => u.email)).toEqual(['admin@smp1.test']);
    const areas = await json<{ data: unknown[] }>(
      await t.request('/api/areas', { token: session.access_token }),
      200,
    );
    expect(areas.data).toEqual([]);
  });

  it('refuses a taken school name and writes nothing', async () => {
    await newSchool('SMP Dua', 'admin@smp2.test');
    const res = await t.request('/api/district/schools', {
      method: 'POST',
      token: district,
      json: {
        name: 'SMP Dua',
        admin: { name: 'Other', email: 'other@smp2.test', password: TEST_PASSWORD },
      },
    });
    const body = await json<{ code: string }>(res, 422);
    expect(body.code).toBe('school_name_taken');
    expect((await login('other@smp2.test')).status).toBe(401);
  });

  it('answers a taken admin email under admin.email, where the request carried it', async () => {
    await newSchool('SMP Sebelas', 'admin@smp11.test');
    const res = await t.request('/api/district/schools', {
      method: 'POST',
      token: district,
      json: {
        name: 'SMP Dua Belas',
        admin: { name: 'Dup', email: 'admin@smp11.test', password: TEST_PASSWORD },
      },
    });
    const body = await json<{ code: string; field_reasons: Record<string, { code: string }[]> }>(
      res,
      422,
    );
    expect(body.code).toBe('email_taken');
    expect(body.field_reasons).toEqual({ 'admin.email': [{ code: 'email_taken' }] });
    const list = await json<{ data: School[] }>(
      await t.request('/api/district/schools', { token: district }),
      200,
    );
    expect(list.data.map((s) => s.name)).not.toContain('SMP Dua Belas');
  });

  it('lists, renames and issues a registration code', async () => {
    const { data } = await newSchool('SMP Tiga', 'admin@smp3.test');
    // A new school comes with a registration link to hand out; renewing replaces it.
    expect(data.school.registration_code).toMatch(/^[\w-]{8,}$/);
    const renamed = await json<{ data: School }>(
      await patchSchool(data.school.id, { name: 'SMP Tiga Baru', new_registration_code: true }),
      200,
    );
    expect(renamed.data.name).toBe('SMP Tiga Baru');
    expect(renamed.data.registration_code).toMatch(/^[\w-]{8,}$/);
    expect(renamed.data.registration_code).not.toBe(data.school.registration_code);
    const list = await json<{ data: School[] }>(
      await t.request('/api/district/schools', { token: district }),
      200,
    );
    expect(list.data.map((s) => s.name)).toContain('SMP Tiga Baru');
    expect(list.data.map((s) => s.id)).toContain(FIRST_SCHOOL_ID);
    expect((await patchSchool(newId(), { name: 'X' })).status).toBe(404);
  });

  it('deactivation revokes sessions and blocks sign-in; reactivation lets it in again', async () => {
    const { data } = await newSchool('SMP Empat', 'admin@smp4.test');
    const { token } = await json<{ access_token: string }>(
      await login('admin@smp4.test'),
      200,
    ).then((b) => ({ token: b.access_token }));
    const off = await json<{ data: School }>(
      await patchSchool(data.school.id, { active: false }),
      200,
    );
    expect(off.data.active).toBe(false);
    expect((await t.request('/api/user', { token })).status).toBe(401);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, data.admin.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const refused = await json<{ code: string }>(await login('admin@smp4.test'), 403);
    expect(refused.code).toBe('school_inactive');
    // Nothing is deleted.
    const kept = await t.db.select().from(users).where(eq(users.id, data.admin.id));
    expect(kept[0]?.deletedAt).toBeNull();
    await json(await patchSchool(data.school.id, { active: true }), 200);
    expect((await login('admin@smp4.test')).status).toBe(200);
  });
});

describe("a school's admins", () => {
  it('are listed, created, updated and deleted only within that school', async () => {
    const { data } = await newSchool('SMP Lima', 'admin@smp5.test');
    const base = `/api/district/schools/${data.school.id}/admins`;
    const created = await json<{ data: User }>(
      await t.request(base, {
        method: 'POST',
        token: district,
        json: {
          name: 'Kedua',
          email: 'kedua@smp5.test',
          role: 'custodian',
          password: TEST_PASSWORD,
          password_confirmation: TEST_PASSWORD,
        },
      }),
      201,
    );
    expect(created.data.role).toBe('admin');
    const row = await t.db.select().from(users).where(eq(users.id, created.data.id));
    expect(row[0]?.schoolId).toBe(data.school.id);
    const list = await json<{ data: User[] }>(await t.request(base, { token: district }), 200);
    expect(list.data.map((u) => u.email).sort()).toEqual(['admin@smp5.test', 'kedua@smp5.test']);

    const updated = await json<{ data: User }>(
      await t.request(`${base}/${created.data.id}`, {
        method: 'PATCH',
        token: district,
        json: { name: 'Kedua Baru' },
      }),
      200,
    );
    expect(updated.data.name).toBe('Kedua Baru');

    // An admin of the first school is not an admin of this one: missing, and untouched.
    const other = await t.signIn('admin');
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.request(`${base}/${other.user.id}`, {
        method,
        token: district,
        ...(method === 'PATCH' && { json: { name: 'Hacked' } }),
      });
      expect(res.status, method).toBe(404);
    }
    const untouched = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(untouched[0]).toMatchObject({ name: other.user.name, deletedAt: null });

    expect(
      (await t.request(`${base}/${created.data.id}`, { method: 'DELETE', token: district })).status,
    ).toBe(200);
    const after = await json<{ data: User[] }>(await t.request(base, { token: district }), 200);
    expect(after.data.map((u) => u.email)).toEqual(['admin@smp5.test']);
    // The last admin stays.
    const last = await t.request(`${base}/${data.admin.id}`, { method: 'DELETE', token: district });
    expect(last.status).toBe(409);
  });
});

describe('the overview and one school analytics', () => {
  it("counts each school's own rows", async () => {
    const { data } = await newSchool('SMP Enam', 'admin@smp6.test');
    const schoolId = data.school.id;
    const admin = await json<{ access_token: string }>(await login('admin@smp6.test'), 200);
    const staff = await t.signIn('custodian', 'staf@smp6.test', { schoolId });
    const area = await json<{ data: { id: string } }>(
      await t.request('/api/areas', {
        method: 'POST',
        token: admin.access_token,
        json: { name: 'Aula' },
      }),
      201,
    );
    const device = new TestDevice(t, staff.token);
    const ids = [newId(), newId(), newId()];
    for (const id of ids) {
      const res = await device.push([
        'report.create',
        { id, area_id: area.data.id, work_type: 'cleaning', description: 'Kotor' },
      ]);
      expect(res.results[0]?.status).toBe('applied');
    }
    const adminDevice = new TestDevice(t, admin.access_token);
    const cancelled = await adminDevice.push([
      'report.set_status',
      { id: ids[2], status: 'cancelled' },
    ]);
    expect(cancelled.results[0]?.status).toBe('applied');
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
    // Overdue is a job's due date passed (decision 028): the first due ten days ago; the second,
    // filed as long ago, due in ten days, is open but not overdue.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    await t.db.write(async (tx) => {
      await tx
        .update(reports)
        .set({ reportedAt: old, dueDate: day(Date.now() - 10 * 86_400_000) })
        .where(eq(reports.id, ids[0] ?? ''));
      await tx
        .update(reports)
        .set({ reportedAt: old, dueDate: day(Date.now() + 10 * 86_400_000) })
        .where(eq(reports.id, ids[1] ?? ''));
    });
    const item = newId();
    await adminDevice.push(['item.create', { id: item, name: 'Sapu', unit: 'buah', stock: 3 }]);
    const req = await device.push([
      'request.create',
      { id: newId(), type: 'stock', item_id: item, quantity: 1 },
    ]);
    expect(req.results[0]?.status).toBe('applied');

    const overview = await json<{ data: SchoolOverviewRow[] }>(
      await t.request('/api/district/overview', { token: district }),
      200,
    );
    const row = overview.data.find((r) => r.school_id === schoolId);
    const clock = { offsetMinutes: parseUtcOffset(t.env.SCHOOL_UTC_OFFSET) };
    const monthOf = (at: Date) => localDate(at, clock).slice(0, 7);
    const thisMonth = monthOf(new Date(old)) === monthOf(new Date()) ? 3 : 1;
    expect(row).toMatchObject({
      name: 'SMP Enam',
      active: true,
      staff: 2,
      reports_this_month: thisMonth,
      open_work: 2,
      overdue_work: 1,
      requests_pending: 1,
    });
    expect(row?.last_sync_at).toEqual(expect.any(String));
    const empty = overview.data.find((r) => r.name === 'SMP Satu');
    expect(empty).toMatchObject({ staff: 1, reports_this_month: 0, open_work: 0 });
    expect(empty?.last_sync_at).toBeNull();

    const analytics = await json<{ data: AnalyticsSnapshot }>(
      await t.request(`/api/district/schools/${schoolId}/analytics`, { token: district }),
      200,
    );
    expect(analytics.data.reports.total).toBe(3);
    expect(analytics.data.users.total).toBe(2);
    const none = await t.request(`/api/district/schools/${newId()}/analytics`, {
      token: district,
    });
    expect(none.status).toBe(404);
  });
});

describe('the district admin on the sync', () => {
  it('pulls nothing, has no unread, and every pushed mutation is refused', async () => {
    await t.signIn('admin');
    const device = new TestDevice(t, district);
    const changes = await device.pullAll();
    expect(changes).toEqual([]);
    const unread = await json<{ count: number }>(
      await t.request('/api/announcements/unread-count', { token: district }),
      200,
    );
    expect(unread.count).toBe(0);
    const res = await device.push(
      ['report.create', { id: newId(), area_id: newId(), work_type: 'cleaning', description: 'x' }],
      ['item.create', { id: newId(), name: 'Sapu', unit: 'buah', stock: 1 }],
    );
    expect(res.results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(res.results.map((r) => (r.status === 'rejected' ? r.code : ''))).toEqual([
      'forbidden',
      'forbidden',
    ]);
    expect(res.last_seq).toBe(2);
  });

  it('changes their own profile without a school', async () => {
    const res = await t.request('/api/profile/preferences', {
      method: 'POST',
      token: district,
      json: { preferred_theme: 'light' },
    });
    const body = await json<{ user: User } | { data: User }>(res, 200);
    expect(JSON.stringify(body)).toContain('"preferred_theme":"light"');
    const me = await json<{ user: User }>(await t.request('/api/user', { token: district }), 200);
    expect(me.user.role).toBe('district_admin');
  });
});
