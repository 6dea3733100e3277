import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { hashToken } from '../lib/tokens.js';
import { HttpError } from '../lib/http-error.js';
import { makeGuard } from '../middleware/guard.js';
import { unreadCountForSession } from './unread-count.js';
import { useSyncFixture } from './test-kit.js';
import {
  ageSession,
  markUserDeleted,
  setSession,
  signOutElsewhere,
  storedSession,
} from '../test/session-changes.js';

/*
 * The unread count looks the session up inside its own statement instead of behind the guard
 * middleware (sync/unread-count.ts), reading only the columns the checks need; these hold it
 * to everything the guard does.
 */
const f = useSyncFixture('gardener', 'Taman Depan');

const countRequest = (token: string | null) =>
  f.t.request('/api/announcements/unread-count', token === null ? {} : { token });

async function count(token: string): Promise<number> {
  const res = await countRequest(token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

const expire = (token: string) =>
  setSession(f.t, token, { expiresAt: new Date(Date.now() - 1000).toISOString() });

/** One announcement for everyone, one for gardeners, one for technicians. */
async function announce(): Promise<{ forAll: string; forGardeners: string; forTechs: string }> {
  const ids = { forAll: newId(), forGardeners: newId(), forTechs: newId() };
  await f.admin.push(
    ['announcement.create', { id: ids.forAll, title: 'Kerja bakti', body: 'Sabtu pagi' }],
    [
      'announcement.create',
      { id: ids.forGardeners, title: 'Pupuk', body: 'Datang', audience: ['gardener'] },
    ],
    [
      'announcement.create',
      { id: ids.forTechs, title: 'Genset', body: 'Servis', audience: ['technician'] },
    ],
  );
  return ids;
}

describe('GET /api/announcements/unread-count authenticates as the guard does', () => {
  it("counts the signed-in user's own unread announcements, by their role's audience and read marks", async () => {
    const { forAll } = await announce();
    expect(await count(f.staff.token)).toBe(2);
    const technician = await f.t.signIn('technician');
    expect(await count(technician.token)).toBe(2);
    // Admins see every audience; their own announcements are never news to them.
    const otherAdmin = await f.t.signIn('admin');
    expect(await count(otherAdmin.token)).toBe(3);
    expect(await count(f.admin.token)).toBe(0);

    await f.staff.push([
      'announcement.mark_read',
      { id: newId(), announcement_id: forAll, read_at: new Date().toISOString() },
    ]);
    expect(await count(f.staff.token)).toBe(1);
    // One user's read marks are not another's.
    expect(await count(technician.token)).toBe(2);
  });

  it('counts for the role the user has now, not the one they signed in with', async () => {
    await announce();
    const technician = await f.t.signIn('technician');
    expect(await count(technician.token)).toBe(2);
    const changed = await f.t.request(`/api/users/${technician.user.id}`, {
      method: 'PATCH',
      token: f.admin.token,
      json: { role: 'admin' },
    });
    expect(changed.status).toBe(200);
    expect(await count(technician.token)).toBe(3);
  });

  it('answers 401 without a token, with an unknown one, or with a malformed header', async () => {
    await announce();
    expect((await countRequest(null)).status).toBe(401);
    expect((await countRequest('urs_not-a-real-token')).status).toBe(401);
    const malformed = await f.t.request('/api/announcements/unread-count', {
      headers: { authorization: `Basic ${f.staff.token}` },
    });
    expect(malformed.status).toBe(401);
  });

  it('answers, and refuses, with Cache-Control: no-store and the security headers every API answer carries', async () => {
    for (const res of [await countRequest(f.staff.token), await countRequest(null)]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });

  it('stops answering a session the moment another API process signs it out, and sends no count', async () => {
    await announce();
    expect(await count(f.staff.token)).toBe(2);
    expect(await signOutElsewhere(f.t, f.staff.token)).toBe(200);
    const res = await countRequest(f.staff.token);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('count');
  });

  it('answers 401 for an expired session, and for a user deleted since signing in', async () => {
    await announce();
    await expire(f.staff.token);
    const expired = await countRequest(f.staff.token);
    expect(expired.status).toBe(401);
    expect(await expired.text()).not.toContain('count');

    const other = await f.t.signIn('technician');
    expect(await count(other.token)).toBe(2);
    const removed = await f.t.request(`/api/users/${other.user.id}`, {
      method: 'DELETE',
      token: f.admin.token,
    });
    expect(removed.status).toBe(200);
    expect((await countRequest(other.token)).status).toBe(401);

    // Deleting a user also revokes their sessions; the tombstone alone must be enough too.
    const tombstoned = await f.t.signIn('technician');
    await markUserDeleted(f.t, tombstoned.user.id);
    expect((await countRequest(tombstoned.token)).status).toBe(401);
  });

  it('slides the expiry of a session in use, as every guarded request does', async () => {
    const aged = await ageSession(f.t, f.staff.token);
    expect(await count(f.staff.token)).toBe(0);
    const row = await storedSession(f.t, f.staff.token);
    expect(Date.parse(row?.expiresAt ?? '')).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(Date.parse(row?.lastUsedAt ?? '')).toBeGreaterThan(Date.parse(aged.lastUsedAt));
  });
});

describe('Guard.admitRow, on the row the count statement found', () => {
  const policy = { ttlDays: 30, clock: { offsetMinutes: 420 } };
  const status = (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (err: unknown) => (err instanceof HttpError ? err.status : 500),
    );

  it("answers 403 when the user's role lacks the permission, and 401 before that when the session fails the checks", async () => {
    const guard = makeGuard(f.t.db, policy);
    const found = await unreadCountForSession(f.t.db, hashToken(f.staff.token));
    expect(found?.role).toBe('gardener');
    expect(await status(guard.admitRow(found, 'announcements.read'))).toBe(200);
    expect(await status(guard.admitRow(found, 'announcements.manage'))).toBe(403);
    expect(await status(guard.admitRow(undefined, 'announcements.manage'))).toBe(401);

    await expire(f.staff.token);
    const expired = await unreadCountForSession(f.t.db, hashToken(f.staff.token));
    expect(expired).toBeDefined();
    expect(await status(guard.admitRow(expired, 'announcements.manage'))).toBe(401);
  });
});
