import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Tx } from '../db/handles.js';
import { schools, sessions, users } from '../db/schema.js';
import { lockSchoolRow } from '../db/schools.js';
import { rowsOf } from '../db/statement.js';
import { testEngine } from '../test/databases.js';
import { makeTestApp, TEST_PASSWORD, type TestApp } from '../test/harness.js';

/*
 * Issue 39: a sign-in racing the deactivation of its school. The sign-in's check of the school
 * and its session insert are one transaction holding the school's row, and a deactivation
 * locks that row before it revokes the school's sessions (db/schools.ts), so whichever commits
 * second sees the first: a later sign-in is refused, an earlier one's session is revoked. No
 * session of a deactivated school is left live, and a request with one is refused anyway.
 */

let t: TestApp;
let district: string;
let school: string;
let staff: { token: string; userId: string; sessionId: string };
const email = 'staf@smp-dua.test';

beforeEach(async () => {
  t = await makeTestApp();
  district = (await t.signIn('district_admin')).token;
  school = await t.createSchool('SMP Dua');
  const signedIn = await t.signIn('custodian', email, { schoolId: school });
  const [session] = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, signedIn.user.id));
  staff = { token: signedIn.token, userId: signedIn.user.id, sessionId: session?.id ?? '' };
});
afterEach(() => t.close());

const login = () =>
  t.request('/api/login', { method: 'POST', json: { email, password: TEST_PASSWORD } });

const deactivate = () =>
  t.request(`/api/district/schools/${school}`, {
    method: 'PATCH',
    token: district,
    json: { active: false },
  });

async function answer(res: Response): Promise<{ status: number; body: Record<string, unknown> }> {
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The staff member's sessions that are not revoked. */
const liveSessions = () =>
  t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, staff.userId), isNull(sessions.revokedAt)));

/**
 * PostgreSQL: resolves once `n` connections of the test's database wait for a lock, or after
 * `upTo` ms all the same, so that code which does not wait where it should fails the test's
 * assertions instead of hanging it.
 */
async function lockWaiters(n: number, upTo = 5_000): Promise<void> {
  const until = Date.now() + upTo;
  while (Date.now() < until) {
    const [row] = await t.db
      .select({ n: sql<number>`count(*)` })
      .from(sql`pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (Number(row?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A second process's write transaction, open until `release()`: `hold` runs in it first (the
 * locks it takes are what the requests under test then wait for).
 */
async function holdOpen(hold: (tx: Tx) => Promise<unknown>) {
  const other = t.twin();
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = other.db
    .write(async (tx) => {
      await hold(tx);
      held();
      await released;
    })
    .finally(() => other.close());
  await holding;
  return {
    async release() {
      release();
      await done;
    },
  };
}

describe.skipIf(testEngine !== 'postgres')('a sign-in racing a deactivation (PostgreSQL)', () => {
  it('a sign-in arriving while the deactivation is under way waits for it, and is refused', async () => {
    // The deactivation locks the school's row, then stops at revoking the staff member's
    // existing session, whose row a second process holds.
    const holder = await holdOpen((tx) =>
      rowsOf(tx, 'SELECT id FROM sessions WHERE id = ? FOR UPDATE', staff.sessionId),
    );
    const deactivating = deactivate();
    await lockWaiters(1);
    const signingIn = login();
    await lockWaiters(2);
    await holder.release();

    expect((await deactivating).status).toBe(200);
    const refused = await answer(await signingIn);
    expect(refused).toMatchObject({ status: 403, body: { code: 'school_inactive' } });
    expect(await liveSessions()).toEqual([]);
    expect((await t.request('/api/user', { token: staff.token })).status).toBe(401);
  });

  it('a deactivation arriving while a sign-in is under way waits for it, and revokes its session', async () => {
    // The sign-in checks the school, then stops at its session insert, whose foreign key check
    // waits for the user's row, which a second process holds.
    const holder = await holdOpen((tx) =>
      rowsOf(tx, 'SELECT id FROM users WHERE id = ? FOR UPDATE', staff.userId),
    );
    const signingIn = login();
    await lockWaiters(1);
    const deactivating = deactivate();
    await lockWaiters(2);
    await holder.release();

    const signedIn = await answer(await signingIn);
    expect(signedIn.status).toBe(200);
    expect((await deactivating).status).toBe(200);
    expect(await liveSessions()).toEqual([]);
    const token = String(signedIn.body['access_token']);
    expect((await t.request('/api/user', { token })).status).toBe(401);
  });

  it('a registration into a school deactivated meanwhile is refused, and no account is made', async () => {
    await t.db.write((tx) =>
      tx.update(schools).set({ registrationCode: 'SMP2-KODE' }).where(eq(schools.id, school)),
    );
    // A deactivation, open: the school's row locked and marked, not yet committed.
    const holder = await holdOpen(async (tx) => {
      await lockSchoolRow(tx, school);
      await tx
        .update(schools)
        .set({ deactivatedAt: new Date().toISOString() })
        .where(eq(schools.id, school));
    });
    const registering = t.request('/api/register', {
      method: 'POST',
      json: {
        name: 'Staf Baru',
        email: 'baru@smp-dua.test',
        password: 'kebersihan1',
        password_confirmation: 'kebersihan1',
        school_code: 'SMP2-KODE',
      },
    });
    await lockWaiters(1);
    await holder.release();

    const refused = await answer(await registering);
    expect(refused).toMatchObject({ status: 403, body: { code: 'school_inactive' } });
    expect(await t.db.select().from(users).where(eq(users.email, 'baru@smp-dua.test'))).toEqual([]);
  });
});

describe("a session of a deactivated school's user", () => {
  it('is refused by every authenticated way in, even if it was never revoked', async () => {
    // Deactivated behind the service's back: the session stays unrevoked.
    const setDeactivated = (at: string | null) =>
      t.db.write((tx) =>
        tx.update(schools).set({ deactivatedAt: at }).where(eq(schools.id, school)),
      );
    await setDeactivated(new Date().toISOString());
    expect(await liveSessions()).toHaveLength(1);
    for (const path of ['/api/user', '/api/sync/pull', '/api/announcements/unread-count']) {
      expect((await t.request(path, { token: staff.token })).status, path).toBe(401);
    }
    // The school, not a revocation, refused it: reactivated, the same session works again.
    await setDeactivated(null);
    for (const path of ['/api/user', '/api/sync/pull', '/api/announcements/unread-count']) {
      expect((await t.request(path, { token: staff.token })).status, path).toBe(200);
    }
  });

  it('cannot be made: a sign-in of a deactivated school is refused and writes no session', async () => {
    expect((await deactivate()).status).toBe(200);
    const refused = await answer(await login());
    expect(refused).toMatchObject({ status: 403, body: { code: 'school_inactive' } });
    expect(await liveSessions()).toEqual([]);
  });
});
