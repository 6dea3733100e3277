import { describe, expect, it } from 'vitest';
import { newId, pullResponseSchema } from '@urs/sync-protocol';
import {
  ageSession,
  markUserDeleted,
  setSession as setSessionOf,
  signOutElsewhere,
  storedSession,
} from '../test/session-changes.js';
import { useSyncFixture } from './test-kit.js';

/*
 * The pull looks the session up inside its own page statement instead of behind the guard
 * middleware (sync/pull.ts); these hold it to everything the guard does.
 */
const f = useSyncFixture('technician', 'Lab Komputer');

const pull = (token: string | null, query = 'cursor=&limit=50') =>
  f.t.request(`/api/sync/pull?${query}`, token === null ? {} : { token });

const setSession = (token: string, values: Parameters<typeof setSessionOf>[2]) =>
  setSessionOf(f.t, token, values);

async function fileReport(): Promise<string> {
  const id = newId();
  await f.staff.push([
    'report.create',
    { id, area_id: f.areaId, work_type: 'repair', description: 'Proyektor mati' },
  ]);
  return id;
}

describe('GET /api/sync/pull authenticates as the guard does', () => {
  it('answers the signed-in user their own page and profile', async () => {
    const id = await fileReport();
    const res = await pull(f.staff.token);
    expect(res.status).toBe(200);
    const page = pullResponseSchema.parse(await res.json());
    expect(page.changes.map((c) => c.id)).toContain(id);
    const me = (await (await f.t.request('/api/user', { token: f.staff.token })).json()) as {
      user: { id: string };
    };
    expect(page.me.id).toBe(me.user.id);
  });

  it('answers 401 without a token, with an unknown one, or with a malformed header', async () => {
    await fileReport();
    expect((await pull(null)).status).toBe(401);
    expect((await pull('urs_not-a-real-token')).status).toBe(401);
    const malformed = await f.t.request('/api/sync/pull', {
      headers: { authorization: `Basic ${f.staff.token}` },
    });
    expect(malformed.status).toBe(401);
  });

  it('stops answering a session the moment another API process signs it out, and sends none of its rows', async () => {
    await fileReport();
    expect((await pull(f.staff.token)).status).toBe(200);
    expect(await signOutElsewhere(f.t, f.staff.token)).toBe(200);
    const res = await pull(f.staff.token);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('Proyektor mati');
  });

  it('answers 401 for an expired session, and for a user deleted since signing in', async () => {
    await fileReport();
    await setSession(f.staff.token, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const expired = await pull(f.staff.token);
    expect(expired.status).toBe(401);
    expect(await expired.text()).not.toContain('Proyektor mati');

    const other = await f.t.signIn('gardener');
    expect((await pull(other.token)).status).toBe(200);
    const removed = await f.t.request(`/api/users/${other.user.id}`, {
      method: 'DELETE',
      token: f.admin.token,
    });
    expect(removed.status).toBe(200);
    expect((await pull(other.token)).status).toBe(401);

    // Deleting a user also revokes their sessions; the tombstone alone must be enough too.
    const tombstoned = await f.t.signIn('gardener');
    await markUserDeleted(f.t, tombstoned.user.id);
    const answer = await pull(tombstoned.token);
    expect(answer.status).toBe(401);
    expect(await answer.text()).not.toContain('Proyektor mati');
  });

  it('slides the expiry of a session in use, as every guarded request does', async () => {
    const { lastUsedAt: twoHoursAgo } = await ageSession(f.t, f.staff.token);
    expect((await pull(f.staff.token)).status).toBe(200);
    const row = await storedSession(f.t, f.staff.token);
    expect(Date.parse(row?.expiresAt ?? '')).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(Date.parse(row?.lastUsedAt ?? '')).toBeGreaterThan(Date.parse(twoHoursAgo));
  });

  it('answers 401 before 422: a malformed query says nothing to a request without a session', async () => {
    expect((await pull(null, 'cursor=abc')).status).toBe(401);
    expect((await pull('urs_not-a-real-token', 'limit=0')).status).toBe(401);
    expect((await pull(f.staff.token, 'cursor=abc')).status).toBe(422);
  });

  it('reads each role its own variant of the page: staff their own reports, admins all', async () => {
    const id = await fileReport();
    const otherTech = await f.t.signIn('technician');
    const theirs = (await (await pull(otherTech.token)).json()) as { changes: { id: string }[] };
    expect(theirs.changes.map((c) => c.id)).not.toContain(id);
    const admins = (await (await pull(f.admin.token)).json()) as { changes: { id: string }[] };
    expect(admins.changes.map((c) => c.id)).toContain(id);
  });
});
