import { and, eq, isNull, ne } from 'drizzle-orm';
import { newId } from '@urs/sync-protocol';
import type { Db, Tx } from '../db/client.js';
import { nowIso } from '../db/change-seq.js';
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

/*
 * Every authenticated request runs this lookup: plain SQL prepared once per connection on both
 * engines (Db.rows), because drizzle's mapping of the joined session and user rows was most of
 * its cost. Session columns are prefixed `s_`; user columns keep the schema's property names.
 */
const LIVE_SESSION_BY_HASH = `SELECT
  s.id AS s_id, s.user_id AS s_user_id, s.token_hash AS s_token_hash, s.created_at AS s_created_at,
  s.last_used_at AS s_last_used_at, s.expires_at AS s_expires_at, s.user_agent AS s_user_agent,
  u.id, u.created_at AS "createdAt", u.updated_at AS "updatedAt", u.change_seq AS "changeSeq",
  u.deleted_at AS "deletedAt", u.name, u.email, u.phone, u.role, u.password_hash AS "passwordHash",
  u.preferred_theme AS "preferredTheme", u.preferred_language AS "preferredLanguage",
  u.photo_sha256 AS "photoSha256", u.last_active_at AS "lastActiveAt"
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = ? AND s.revoked_at IS NULL`;

interface SessionColumns {
  s_id: string;
  s_user_id: string;
  s_token_hash: string;
  s_created_at: string;
  s_last_used_at: string;
  s_expires_at: string;
  s_user_agent: string | null;
}

type LiveSessionRow = SessionColumns & UserRow;

/** Built field by field: a rest spread of the joined row cost more than the lookup itself. */
function asSessionAndUser(row: LiveSessionRow): { session: SessionRow; user: UserRow } {
  return {
    session: {
      id: row.s_id,
      userId: row.s_user_id,
      tokenHash: row.s_token_hash,
      createdAt: row.s_created_at,
      lastUsedAt: row.s_last_used_at,
      expiresAt: row.s_expires_at,
      // The query only finds sessions that are not revoked.
      revokedAt: null,
      userAgent: row.s_user_agent,
    },
    user: {
      id: row.id,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      changeSeq: row.changeSeq,
      deletedAt: row.deletedAt,
      name: row.name,
      email: row.email,
      phone: row.phone,
      role: row.role,
      passwordHash: row.passwordHash,
      preferredTheme: row.preferredTheme,
      preferredLanguage: row.preferredLanguage,
      photoSha256: row.photoSha256,
      lastActiveAt: row.lastActiveAt,
    },
  };
}

/** The school-local calendar day of an instant, as a day number (as localDate, without strings). */
function schoolDay(ms: number, policy: SessionPolicy): number {
  return Math.floor((ms + policy.clock.offsetMinutes * 60_000) / DAY_MS);
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
  const [found] = await db.rows<LiveSessionRow>(LIVE_SESSION_BY_HASH, [hashToken(token)]);
  if (found === undefined) return null;
  const row = asSessionAndUser(found);
  if (row === undefined || row.user.deletedAt !== null) return null;
  const now = Date.now();
  if (Date.parse(row.session.expiresAt) <= now) return null;
  const lastUsed = Date.parse(row.session.lastUsedAt);
  if (
    now - lastUsed > TOUCH_INTERVAL_MS ||
    schoolDay(lastUsed, policy) !== schoolDay(now, policy)
  ) {
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
