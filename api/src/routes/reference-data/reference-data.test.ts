import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { makeTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let staff: string;
beforeEach(async () => {
  t = await makeTestApp();
  admin = (await t.signIn('admin')).token;
  staff = (await t.signIn('custodian')).token;
});
afterEach(() => t.close());

interface AreaBody {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
}
type Page<T> = {
  data: T[];
  meta: { page: number; per_page: number; total: number; last_page: number };
};

describe('areas', () => {
  it('creates, lists, updates and deletes an area; everyone signed in reads, only admins write', async () => {
    const created = await t.request('/api/areas', {
      method: 'POST',
      token: admin,
      json: { name: 'Laboratorium Kimia', description: '' },
    });
    expect(created.status).toBe(201);
    const area = ((await created.json()) as { data: AreaBody }).data;
    expect(area).toMatchObject({ name: 'Laboratorium Kimia', description: null, active: true });

    expect(
      (await t.request('/api/areas', { method: 'POST', token: staff, json: { name: 'X' } })).status,
    ).toBe(403);
    const list = (await (await t.request('/api/areas', { token: staff })).json()) as Page<AreaBody>;
    expect(list.data.map((a) => a.name)).toEqual(['Laboratorium Kimia']);

    const updated = await t.request(`/api/areas/${area.id}`, {
      method: 'PUT',
      token: admin,
      json: { active: false },
    });
    expect(((await updated.json()) as { data: AreaBody }).data).toMatchObject({
      name: 'Laboratorium Kimia',
      active: false,
    });

    expect(
      (await t.request(`/api/areas/${area.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(200);
    expect((await t.request(`/api/areas/${area.id}`, { token: admin })).status).toBe(404);
    expect(
      (await t.request(`/api/areas/${area.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(404);
    // The name is free again once the old row is a tombstone.
    expect(
      (
        await t.request('/api/areas', {
          method: 'POST',
          token: admin,
          json: { name: 'Laboratorium Kimia' },
        })
      ).status,
    ).toBe(201);
  });

  it('searches, filters by active and pages', async () => {
    for (let i = 1; i <= 7; i++) {
      await t.request('/api/areas', {
        method: 'POST',
        token: admin,
        json: { name: `Ruang Kelas X-${i}`, active: i % 2 === 1 },
      });
    }
    await t.request('/api/areas', {
      method: 'POST',
      token: admin,
      json: { name: 'Kantin', description: 'Dekat ruang kelas' },
    });
    const page2 = (await (
      await t.request('/api/areas?q=kelas&per_page=3&page=2', { token: admin })
    ).json()) as Page<AreaBody>;
    expect(page2.meta).toEqual({ page: 2, per_page: 3, total: 8, last_page: 3 });
    // Sorted by name, case-insensitively: Kantin, X-1, X-2 | X-3, X-4, X-5 | X-6, X-7.
    expect(page2.data.map((a) => a.name)).toEqual([
      'Ruang Kelas X-3',
      'Ruang Kelas X-4',
      'Ruang Kelas X-5',
    ]);
    const inactive = (await (
      await t.request('/api/areas?active=false', { token: admin })
    ).json()) as Page<AreaBody>;
    expect(inactive.data.map((a) => a.name)).toEqual([
      'Ruang Kelas X-2',
      'Ruang Kelas X-4',
      'Ruang Kelas X-6',
    ]);
    const literal = (await (
      await t.request('/api/areas?q=%25', { token: admin })
    ).json()) as Page<AreaBody>;
    expect(literal.meta.total).toBe(0);
    expect((await t.request('/api/areas?per_page=1000', { token: admin })).status).toBe(422);
  });

  it('refuses a blank name and a duplicate name ignoring case, per field', async () => {
    await t.request('/api/areas', { method: 'POST', token: admin, json: { name: 'Aula' } });
    const dup = await t.request('/api/areas', {
      method: 'POST',
      token: admin,
      json: { name: 'aula' },
    });
    expect(dup.status).toBe(422);
    expect(await dup.json()).toEqual({
      message: 'Area dengan nama ini sudah ada.',
      code: 'reference_name_taken',
      params: { kind: 'area' },
      errors: { name: ['Area dengan nama ini sudah ada.'] },
      field_reasons: { name: [{ code: 'reference_name_taken', params: { kind: 'area' } }] },
    });
    const blank = await t.request('/api/areas', {
      method: 'POST',
      token: admin,
      json: { name: ' ' },
    });
    expect(((await blank.json()) as { errors: Record<string, string[]> }).errors['name']).toEqual([
      'Nama wajib diisi.',
    ]);
  });

  it('treats a repeated create with the same client id as the same area', async () => {
    const id = newId();
    const first = await t.request('/api/areas', {
      method: 'POST',
      token: admin,
      json: { id, name: 'Musholla' },
    });
    const again = await t.request('/api/areas', {
      method: 'POST',
      token: admin,
      json: { id, name: 'Musholla' },
    });
    expect(first.status).toBe(201);
    expect(((await again.json()) as { data: AreaBody }).data.id).toBe(id);
    const list = (await (await t.request('/api/areas', { token: admin })).json()) as Page<AreaBody>;
    expect(list.meta.total).toBe(1);
  });
});

describe('categories', () => {
  it('has the same life cycle, without an active flag', async () => {
    const res = await t.request('/api/categories', {
      method: 'POST',
      token: admin,
      json: { name: 'Kebersihan', description: 'Sapu, pel' },
    });
    expect(res.status).toBe(201);
    const cat = ((await res.json()) as { data: Record<string, unknown> }).data;
    expect(cat).not.toHaveProperty('active');
    const patched = await t.request(`/api/categories/${String(cat['id'])}`, {
      method: 'PATCH',
      token: admin,
      json: { description: null },
    });
    expect(
      ((await patched.json()) as { data: { description: string | null } }).data.description,
    ).toBeNull();
    expect(
      (await t.request(`/api/categories/${String(cat['id'])}`, { method: 'DELETE', token: staff }))
        .status,
    ).toBe(403);
    expect(
      (await t.request(`/api/categories/${String(cat['id'])}`, { method: 'DELETE', token: admin }))
        .status,
    ).toBe(200);
  });
});
