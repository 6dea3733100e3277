import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@urs/sync-protocol';
import { makeTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: { token: string; user: User };
beforeEach(async () => {
  t = await makeTestApp();
  admin = await t.signIn('admin');
});
afterEach(() => t.close());

type Page = { data: User[]; meta: { total: number; per_page: number; last_page: number } };
const newUser = {
  name: 'Budi Santoso',
  email: 'budi@sekolah.test',
  phone: '081234567890',
  role: 'technician',
  password: 'teknisi-123',
  password_confirmation: 'teknisi-123',
};

async function create(json: Record<string, unknown>): Promise<User> {
  const res = await t.request('/api/users', { method: 'POST', token: admin.token, json });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: User }).data;
}

describe('admin user management', () => {
  it('creates a user who can then sign in with the given role', async () => {
    const user = await create(newUser);
    expect(user).toMatchObject({ name: 'Budi Santoso', role: 'technician', phone: '081234567890' });
    const login = await t.request('/api/login', {
      method: 'POST',
      json: { email: 'budi@sekolah.test', password: 'teknisi-123' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses a short password, a mismatched confirmation, an unknown role and a taken email', async () => {
    const res = await t.request('/api/users', {
      method: 'POST',
      token: admin.token,
      json: { ...newUser, role: 'janitor', password: 'pendek', password_confirmation: 'x' },
    });
    expect(res.status).toBe(422);
    const errors = ((await res.json()) as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['password', 'password_confirmation', 'role']);
    await create(newUser);
    expect(
      (await t.request('/api/users', { method: 'POST', token: admin.token, json: newUser })).status,
    ).toBe(422);
  });

  it('searches by name, email or phone, filters by role and pages by per_page', async () => {
    await create(newUser);
    await create({
      ...newUser,
      name: 'Ani',
      email: 'ani@sekolah.test',
      phone: '0899',
      role: 'gardener',
    });
    await create({
      ...newUser,
      name: 'Citra',
      email: 'citra@lain.test',
      phone: null,
      role: 'gardener',
    });
    const byPhone = (await (
      await t.request('/api/users?q=0899', { token: admin.token })
    ).json()) as Page;
    expect(byPhone.data.map((u) => u.name)).toEqual(['Ani']);
    const byEmail = (await (
      await t.request('/api/users?q=lain.test', { token: admin.token })
    ).json()) as Page;
    expect(byEmail.data.map((u) => u.name)).toEqual(['Citra']);
    const gardeners = (await (
      await t.request('/api/users?role=gardener&per_page=1', { token: admin.token })
    ).json()) as Page;
    expect(gardeners.meta).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    expect((await t.request('/api/users?role=janitor', { token: admin.token })).status).toBe(422);
  });

  it('leaves password and phone unchanged when sent blank on edit', async () => {
    const user = await create(newUser);
    const res = await t.request(`/api/users/${user.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { name: 'Budi S.', phone: '', password: '', password_confirmation: '' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: User }).data).toMatchObject({
      name: 'Budi S.',
      phone: '081234567890',
    });
    const login = await t.request('/api/login', {
      method: 'POST',
      json: { email: newUser.email, password: newUser.password },
    });
    expect(login.status).toBe(200);
    const { access_token: before } = (await login.json()) as { access_token: string };

    const changed = await t.request(`/api/users/${user.id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { password: 'baru-sekali', password_confirmation: 'baru-sekali' },
    });
    expect(changed.status).toBe(200);
    // A password the admin reset signs the user out everywhere (a stolen token is dead too).
    expect((await t.request('/api/user', { token: before })).status).toBe(401);
    const relogin = await t.request('/api/login', {
      method: 'POST',
      json: { email: newUser.email, password: 'baru-sekali' },
    });
    expect(relogin.status).toBe(200);
    const badEdit = await t.request(`/api/users/${user.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { password: 'pendek' },
    });
    expect(badEdit.status).toBe(422);
  });

  it('an admin resetting their own password stays signed in here and is signed out elsewhere', async () => {
    const login = await t.request('/api/login', {
      method: 'POST',
      json: { email: admin.user.email, password: TEST_PASSWORD },
    });
    const { access_token: otherDevice } = (await login.json()) as { access_token: string };
    const res = await t.request(`/api/users/${admin.user.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { password: 'baru-sekali', password_confirmation: 'baru-sekali' },
    });
    expect(res.status).toBe(200);
    expect((await t.request('/api/user', { token: admin.token })).status).toBe(200);
    expect((await t.request('/api/user', { token: otherDevice })).status).toBe(401);
    const relogin = await t.request('/api/login', {
      method: 'POST',
      json: { email: admin.user.email, password: 'baru-sekali' },
    });
    expect(relogin.status).toBe(200);
  });

  it('an admin cannot delete themself, nor remove or demote the last admin', async () => {
    const self = await t.request(`/api/users/${admin.user.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({
      message: 'Anda tidak dapat menghapus akun Anda sendiri.',
      code: 'self_delete',
    });
    const demote = await t.request(`/api/users/${admin.user.id}`, {
      method: 'PUT',
      token: admin.token,
      json: { role: 'custodian' },
    });
    expect(demote.status).toBe(409);

    const second = await t.signIn('admin');
    // With two admins, one may remove the other; the survivor is then the last.
    expect(
      (await t.request(`/api/users/${admin.user.id}`, { method: 'DELETE', token: second.token }))
        .status,
    ).toBe(200);
    const lastDemote = await t.request(`/api/users/${second.user.id}`, {
      method: 'PUT',
      token: second.token,
      json: { role: 'gardener' },
    });
    expect(lastDemote.status).toBe(409);
    expect(((await lastDemote.json()) as { message: string }).message).toBe(
      'Tidak dapat mengubah peran admin terakhir.',
    );
  });

  it('a deleted user disappears from the list, cannot sign in, and their email is free again', async () => {
    const user = await create(newUser);
    expect(
      (await t.request(`/api/users/${user.id}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(200);
    expect((await t.request(`/api/users/${user.id}`, { token: admin.token })).status).toBe(404);
    const login = await t.request('/api/login', {
      method: 'POST',
      json: { email: newUser.email, password: newUser.password },
    });
    expect(login.status).toBe(401);
    await create(newUser);
    expect(TEST_PASSWORD).not.toBe(newUser.password);
  });
});
