import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, type Area, type User } from '@urs/sync-protocol';
import { nextChangeSeq } from '../db/change-seq.js';
import { sessions, users } from '../db/schema.js';
import { testEngine } from '../test/databases.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { someoneWaitsForALock } from '../sync/test-kit.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';

/*
 * Requests that overlap, answered as they would be one after the other. On PostgreSQL writes
 * run at READ COMMITTED, so a rule checked in one transaction (the email is free, another admin
 * remains) holds only if the check waits for the other transaction's commit; SQLite's single
 * writer gives that for free. The answers must be the same on both.
 */
let t: TestApp;
let admin: { token: string; user: User };
beforeEach(async () => {
  t = await makeTestApp();
  admin = await t.signIn('admin');
});
afterEach(() => t.close());

/**
 * Sends the requests at once. On PostgreSQL a second process first holds the change counter's
 * row lock, the one every synced write takes, and lets go only once every request waits for a
 * lock: each has then done whatever it does before taking it, so they overlap for certain.
 * (SQLite's writes queue in the process, out of sight; they are sent together all the same.)
 */
async function overlapping(requests: (() => Promise<Response>)[]): Promise<Response[]> {
  if (testEngine !== 'postgres') return Promise.all(requests.map((send) => send()));
  const other = t.twin();
  try {
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holder = other.db.write(async (tx) => {
      await nextChangeSeq(tx, FIRST_SCHOOL_ID);
      holding();
      await released;
    });
    await held;
    const answers = Promise.all(requests.map((send) => send()));
    await lockWaiters(requests.length);
    release();
    await holder;
    return await answers;
  } finally {
    await other.close();
  }
}

/** PostgreSQL: resolves once `n` connections of the test's database wait for a lock. */
async function lockWaiters(n: number): Promise<void> {
  for (;;) {
    const [row] = await t.db
      .select({ n: sql<number>`count(*)` })
      .from(sql`pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (Number(row?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const statusesOf = (answers: Response[]) => answers.map((r) => r.status).sort();

describe('the last admin, with two admins acting at once', () => {
  const liveAdmins = async () =>
    (
      await t.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    )[0]?.n;

  it('two admins demoting each other: one is answered 200, the other 409, one admin remains', async () => {
    const other = await t.signIn('admin');
    const answers = await overlapping([
      () =>
        t.request(`/api/users/${other.user.id}`, {
          method: 'PUT',
          token: admin.token,
          json: { role: 'custodian' },
        }),
      () =>
        t.request(`/api/users/${admin.user.id}`, {
          method: 'PUT',
          token: other.token,
          json: { role: 'custodian' },
        }),
    ]);
    expect(statusesOf(answers)).toEqual([200, 409]);
    expect(await liveAdmins()).toBe(1);
  });

  it('two admins deleting each other: one is answered 200, the other 409, one admin remains', async () => {
    const other = await t.signIn('admin');
    const answers = await overlapping([
      () => t.request(`/api/users/${other.user.id}`, { method: 'DELETE', token: admin.token }),
      () => t.request(`/api/users/${admin.user.id}`, { method: 'DELETE', token: other.token }),
    ]);
    expect(statusesOf(answers)).toEqual([200, 409]);
    expect(await liveAdmins()).toBe(1);
  });
});

describe('two sign-ups with one email at once', () => {
  const register = (name: string) => () =>
    t.request('/api/register', {
      method: 'POST',
      json: {
        name,
        email: 'sama@sekolah.test',
        password: 'rahasia-456',
        password_confirmation: 'rahasia-456',
      },
    });

  it('one account is made (201); the other is told the email is taken (422), not a 500', async () => {
    const answers = await overlapping([register('Ani'), register('Budi')]);
    expect(statusesOf(answers)).toEqual([201, 422]);
    const refused = answers.find((r) => r.status === 422);
    expect(await refused?.json()).toMatchObject({ errors: { email: [expect.any(String)] } });
    const [accounts] = await t.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.email, 'sama@sekolah.test'), isNull(users.deletedAt)));
    expect(accounts?.n).toBe(1);
  });
});

describe('two creates of one area at once', () => {
  const createArea = (json: { id: string; name: string }) => () =>
    t.request('/api/areas', { method: 'POST', token: admin.token, json });

  it('one client id twice (a retry overlapping the first try) answers the one row twice', async () => {
    const id = newId();
    const answers = await overlapping([
      createArea({ id, name: 'Perpustakaan' }),
      createArea({ id, name: 'Perpustakaan' }),
    ]);
    expect(statusesOf(answers)).toEqual([201, 201]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { data: Area }[];
    expect(bodies.map((b) => b.data.id)).toEqual([id, id]);
    const list = (await (await t.request('/api/areas', { token: admin.token })).json()) as {
      data: Area[];
    };
    expect(list.data.filter((a) => a.name === 'Perpustakaan')).toHaveLength(1);
  });

  it('two ids with one name: one is made (201), the other told the name is taken (422)', async () => {
    const answers = await overlapping([
      createArea({ id: newId(), name: 'Kantin' }),
      createArea({ id: newId(), name: 'kantin' }),
    ]);
    expect(statusesOf(answers)).toEqual([201, 422]);
  });
});

/*
 * Deleting a user revokes their sessions and tombstones their row; a request of that user's
 * device slides its session's expiry and marks the user active (slideExpiry in
 * auth/session-tokens.ts), in that order: session row, then user row. Here a transaction on a
 * second process takes the same two locks as slideExpiry does, and waits between them until the
 * delete waits too.
 * Taken in the opposite order, the delete would hold the user row the other wants while
 * waiting for the session row it holds: PostgreSQL's deadlock detector would abort one (500).
 */
describe.skipIf(testEngine !== 'postgres')('deleting a user while their device checks in', () => {
  it('takes the session and user rows in the same order, so neither waits forever', async () => {
    const target = await t.signIn('custodian');
    const second = t.twin();
    try {
      let locked!: () => void;
      const sessionLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      let proceed!: () => void;
      const deleteWaits = new Promise<void>((resolve) => {
        proceed = resolve;
      });
      const now = new Date().toISOString();
      const checkIn = second.db.write(async (tx) => {
        await tx
          .update(sessions)
          .set({ lastUsedAt: now })
          .where(eq(sessions.userId, target.user.id));
        locked();
        await deleteWaits;
        await tx.update(users).set({ lastActiveAt: now }).where(eq(users.id, target.user.id));
      });
      await sessionLocked;
      const removal = t.request(`/api/users/${target.user.id}`, {
        method: 'DELETE',
        token: admin.token,
      });
      await someoneWaitsForALock(t);
      proceed();
      await expect(checkIn).resolves.toBeUndefined();
      const res = await removal;
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await t.request('/api/user', { token: target.token })).status).toBe(401);
    } finally {
      await second.close();
    }
  });
});
