import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema.js';
import { hashToken } from '../lib/tokens.js';
import type { TestApp } from './harness.js';

/*
 * What can happen to a session between two requests, for the tests of routes that look the
 * session up inside their own statement (the pull, the unread count) instead of behind the
 * guard middleware: each must answer as the guard would.
 */

/** Writes the session behind `token` directly: expiry, last use. */
export function setSession(
  t: TestApp,
  token: string,
  values: Partial<typeof sessions.$inferInsert>,
): Promise<unknown> {
  return t.db.write((tx) =>
    tx
      .update(sessions)
      .set(values)
      .where(eq(sessions.tokenHash, hashToken(token))),
  );
}

/** The session's row as stored. */
export async function storedSession(
  t: TestApp,
  token: string,
): Promise<typeof sessions.$inferSelect | undefined> {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row;
}

/** Signs the session out through a second API process on the same database: its status. */
export async function signOutElsewhere(t: TestApp, token: string): Promise<number> {
  const other = t.twin();
  try {
    return (await other.request('/api/logout', { method: 'POST', token })).status;
  } finally {
    await other.close();
  }
}

/** Sets a session last used two hours ago, about to expire: the next use must slide it. */
export async function ageSession(t: TestApp, token: string): Promise<{ lastUsedAt: string }> {
  const lastUsedAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
  await setSession(t, token, {
    lastUsedAt,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  });
  return { lastUsedAt };
}

/**
 * Marks the user deleted in the database alone, their sessions left live: deleting a user
 * through the API also revokes their sessions, so only this reaches the check on the user.
 */
export function markUserDeleted(t: TestApp, userId: string): Promise<unknown> {
  return t.db.write((tx) =>
    tx.update(users).set({ deletedAt: new Date().toISOString() }).where(eq(users.id, userId)),
  );
}
