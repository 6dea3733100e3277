import { and, eq, isNull, ne } from 'drizzle-orm';
import { newId } from '@urs/sync-protocol';
import type { Db } from '../db/client.js';
import { nowIso, type DbOrTx } from '../db/change-seq.js';
import { sessions, users } from '../db/schema.js';
import { hashToken, newSessionToken } from '../lib/tokens.js';

const DAY_MS = 86_400_000;
/** Sliding expiry is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 3_600_000;

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export function createSession(
  db: Db,
  userId: string,
  ttlDays: number,
  userAgent: string | null,
): { token: string; session: SessionRow } {
  const token = newSessionToken();
  const now = new Date();
  const session: SessionRow = {
    id: newId(),
    userId,
    tokenHash: hashToken(token),
    createdAt: now.toISOString(),
    lastUsedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttlDays * DAY_MS).toISOString(),
    revokedAt: null,
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  db.insert(sessions).values(session).run();
  return { token, session };
}

/**
 * The live session and user behind a bearer token, or null when the token is unknown,
 * revoked, expired, or its user deleted. Each use slides the expiry forward, so a phone that
 * syncs at least once a month stays signed in however long it goes offline in between.
 */
export function resolveSession(
  db: Db,
  token: string,
  ttlDays: number,
): { session: SessionRow; user: UserRow } | null {
  const row = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .get();
  if (row === undefined || row.user.deletedAt !== null) return null;
  const now = Date.now();
  if (Date.parse(row.session.expiresAt) <= now) return null;
  if (now - Date.parse(row.session.lastUsedAt) > TOUCH_INTERVAL_MS) {
    const lastUsedAt = new Date(now).toISOString();
    const expiresAt = new Date(now + ttlDays * DAY_MS).toISOString();
    db.update(sessions).set({ lastUsedAt, expiresAt }).where(eq(sessions.id, row.session.id)).run();
    db.update(users).set({ lastActiveAt: lastUsedAt }).where(eq(users.id, row.user.id)).run();
    row.session = { ...row.session, lastUsedAt, expiresAt };
  }
  return row;
}

export function revokeSession(db: Db, sessionId: string): void {
  db.update(sessions).set({ revokedAt: nowIso() }).where(eq(sessions.id, sessionId)).run();
}

/** Signs a user out everywhere, except (optionally) the session making the change. */
export function revokeUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string): void {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  db.update(sessions)
    .set({ revokedAt: nowIso() })
    .where(and(...conditions))
    .run();
}
