import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { newId } from '@urs/sync-protocol';
import type { Db, Tx } from '../db/client.js';
import { nowIso } from '../db/change-seq.js';
import { preparedQuery } from '../db/prepared.js';
import { sessions, userActivity, users } from '../db/schema.js';
import { localDate, type SchoolClock } from '../lib/school-time.js';
import { hashToken, newSessionToken } from '../lib/tokens.js';
import type { UserRow } from '../data/wire.js';

const DAY_MS = 86_400_000;
/** Sliding expiry is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 3_600_000;

/** How long sessions live and which calendar days count as one day of activity. */
export interface SessionPolicy {
  ttlDays: number;
  clock: SchoolClock;
}

/** Marks the user active on the school-local day of `at` (once per day; analytics reads it). */
async function recordActivity(tx: Tx, userId: string, at: Date, clock: SchoolClock): Promise<void> {
  await tx
    .insert(userActivity)
    .values({ userId, day: localDate(at, clock) })
    .onConflictDoNothing();
}
export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(
  db: Db,
  userId: string,
  policy: SessionPolicy,
  userAgent: string | null,
): Promise<{ token: string; session: SessionRow }> {
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
  await db.write(async (tx) => {
    await tx.insert(sessions).values(session);
    await recordActivity(tx, userId, now, policy.clock);
  });
  return { token, session };
}

/**
 * The live session and user behind a bearer token, or null when the token is unknown,
 * revoked, expired, or its user deleted. Each use slides the expiry forward, so a phone that
 * syncs at least once a month stays signed in however long it goes offline in between.
 */
export async function resolveSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  // Every authenticated request runs this: built and prepared once per connection.
  const [row] = await preparedQuery(db, 'live session by token hash', (d) =>
    d
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt))),
  ).execute({ hash: hashToken(token) });
  if (row === undefined || row.user.deletedAt !== null) return null;
  const now = Date.now();
  if (Date.parse(row.session.expiresAt) <= now) return null;
  const lastUsed = new Date(row.session.lastUsedAt);
  const newDay = localDate(lastUsed, policy.clock) !== localDate(new Date(now), policy.clock);
  if (newDay || now - lastUsed.getTime() > TOUCH_INTERVAL_MS) {
    const lastUsedAt = new Date(now).toISOString();
    const expiresAt = new Date(now + policy.ttlDays * DAY_MS).toISOString();
    const userId = row.user.id;
    await db.write(async (tx) => {
      await tx
        .update(sessions)
        .set({ lastUsedAt, expiresAt })
        .where(eq(sessions.id, row.session.id));
      await tx.update(users).set({ lastActiveAt: lastUsedAt }).where(eq(users.id, userId));
      await recordActivity(tx, userId, new Date(now), policy.clock);
    });
    row.session = { ...row.session, lastUsedAt, expiresAt };
  }
  return row;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.write((tx) =>
    tx.update(sessions).set({ revokedAt: nowIso() }).where(eq(sessions.id, sessionId)),
  );
}

/** Signs a user out everywhere, except (optionally) the session making the change. */
export async function revokeUserSessions(
  tx: Tx,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  await tx
    .update(sessions)
    .set({ revokedAt: nowIso() })
    .where(and(...conditions));
}
