import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { newId } from '@urs/sync-protocol';
import type { Db } from '../db/client.js';
import { nowIso, type DbOrTx } from '../db/change-seq.js';
import { preparedQuery } from '../db/prepared.js';
import { sessions, userActivity, users } from '../db/schema.js';
import { localDate, type SchoolClock } from '../lib/school-time.js';
import { hashToken, newSessionToken } from '../lib/tokens.js';

const DAY_MS = 86_400_000;
/** Sliding expiry is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 3_600_000;

export type UserRow = typeof users.$inferSelect;

/** How long sessions live and which calendar days count as one day of activity. */
export interface SessionPolicy {
  ttlDays: number;
  clock: SchoolClock;
}

/** Marks the user active on the school-local day of `at` (once per day; analytics reads it). */
function recordActivity(db: DbOrTx, userId: string, at: Date, clock: SchoolClock): void {
  db.insert(userActivity)
    .values({ userId, day: localDate(at, clock) })
    .onConflictDoNothing()
    .run();
}
export type SessionRow = typeof sessions.$inferSelect;

export function createSession(
  db: Db,
  userId: string,
  policy: SessionPolicy,
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
    expiresAt: new Date(now.getTime() + policy.ttlDays * DAY_MS).toISOString(),
    revokedAt: null,
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  db.insert(sessions).values(session).run();
  recordActivity(db, userId, now, policy.clock);
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
  policy: SessionPolicy,
): { session: SessionRow; user: UserRow } | null {
  // Every authenticated request runs this: built and prepared once per connection.
  const row = preparedQuery(db, 'live session by token hash', (d) =>
    d
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt)))
      .prepare(),
  ).get({ hash: hashToken(token) });
  if (row === undefined || row.user.deletedAt !== null) return null;
  const now = Date.now();
  if (Date.parse(row.session.expiresAt) <= now) return null;
  const lastUsed = new Date(row.session.lastUsedAt);
  const newDay = localDate(lastUsed, policy.clock) !== localDate(new Date(now), policy.clock);
  if (newDay || now - lastUsed.getTime() > TOUCH_INTERVAL_MS) {
    const lastUsedAt = new Date(now).toISOString();
    const expiresAt = new Date(now + policy.ttlDays * DAY_MS).toISOString();
    db.update(sessions).set({ lastUsedAt, expiresAt }).where(eq(sessions.id, row.session.id)).run();
    db.update(users).set({ lastActiveAt: lastUsedAt }).where(eq(users.id, row.user.id)).run();
    recordActivity(db, row.user.id, new Date(now), policy.clock);
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
