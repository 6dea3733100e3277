import { and, eq, isNull, ne } from 'drizzle-orm';
import { newId, reason } from '@urs/sync-protocol';
import type { Db, Tx } from '../db/handles.js';
import { nowIso } from '../db/change-seq.js';
import { sessions, userActivity, users } from '../db/schema.js';
import { activeSchoolNameLocked } from '../db/schools.js';
import { forbidden } from '../lib/http-error.js';
import { localDate, type SchoolClock } from '../lib/school-time.js';
import { hashToken, newSessionToken } from '../lib/tokens.js';
import type { UserRow } from '../data/wire.js';
import type { LiveSessionRow, SessionCheckRow } from '../data/live-session.js';

// Session tokens: issued at sign-in, checked on every authenticated request (the sliding expiry
// is written here), revoked at sign-out and when an account changes. Knowing who is calling is
// auth/'s job, so the HTTP guard and the sync routes check sessions here, with no service between.

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

/**
 * A new session of the user: refused `403 school_inactive` when the user's school is
 * deactivated. The check and the insert are one transaction holding the school's row
 * (db/schools.ts), so a deactivation either comes first and the sign-in is refused, or comes
 * after and revokes this session with the school's others. A district administrator has no
 * school to check.
 */
export async function createSession(
  db: Db,
  user: Pick<UserRow, 'id' | 'schoolId'>,
  policy: SessionPolicy,
  userAgent: string | null,
): Promise<{ token: string; session: SessionRow; schoolName: string | null }> {
  const userId = user.id;
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
  const schoolName = await db.write(async (tx) => {
    const name = user.schoolId === null ? null : await activeSchoolNameLocked(tx, user.schoolId);
    if (user.schoolId !== null && name === null) throw forbidden(reason('school_inactive'));
    await tx.insert(sessions).values(session);
    await recordActivity(tx, userId, now, policy.clock);
    return name;
  });
  return { token, session, schoolName };
}

/** Built field by field: a rest spread of the joined row cost more than the lookup itself. */
function asSessionAndUser(row: LiveSessionRow): AcceptedSession {
  return {
    schoolName: row.school_name,
    session: {
      id: row.s_id,
      userId: row.s_user_id,
      tokenHash: row.s_token_hash,
      createdAt: row.s_created_at,
      lastUsedAt: row.s_last_used_at,
      expiresAt: row.s_expires_at,
      // The lookup only finds sessions that are not revoked.
      revokedAt: null,
      userAgent: row.s_user_agent,
    },
    user: {
      id: row.id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      changeSeq: row.change_seq,
      deletedAt: row.deleted_at,
      schoolId: row.school_id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      role: row.role,
      passwordHash: row.password_hash,
      preferredTheme: row.preferred_theme,
      preferredLanguage: row.preferred_language,
      photoSha256: row.photo_sha256,
      lastActiveAt: row.last_active_at,
    },
  };
}

/** The school-local calendar day of an instant, as a day number (as localDate, without strings). */
function schoolDay(ms: number, policy: SessionPolicy): number {
  return Math.floor((ms + policy.clock.offsetMinutes * 60_000) / DAY_MS);
}

/** When a session was last used and when it expires, after a check has slid them forward. */
export interface SessionTimes {
  lastUsedAt: string;
  expiresAt: string;
}

/**
 * The checks on a row of a live-session lookup, wherever it was read and however many of the
 * row's columns it read: null when the session has expired or its user was deleted; otherwise
 * the session's times, the expiry slid forward (written at most hourly and once per school day),
 * so a phone that syncs at least once a month stays signed in however long it goes offline in
 * between. A revoked session never gets here: every lookup leaves it out (data/live-session.ts).
 * Answered without a promise when nothing is due to be written, which is nearly every request:
 * the unread count, every device every minute, then costs no extra turns of the event loop.
 */
export function checkSession(
  db: Db,
  found: SessionCheckRow,
  policy: SessionPolicy,
): SessionTimes | null | Promise<SessionTimes> {
  if (found.deleted_at !== null) return null;
  const now = Date.now();
  if (Date.parse(found.s_expires_at) <= now) return null;
  const lastUsed = Date.parse(found.s_last_used_at);
  if (
    now - lastUsed <= TOUCH_INTERVAL_MS &&
    schoolDay(lastUsed, policy) === schoolDay(now, policy)
  ) {
    return { lastUsedAt: found.s_last_used_at, expiresAt: found.s_expires_at };
  }
  return slideExpiry(db, found, now, policy);
}

async function slideExpiry(
  db: Db,
  found: SessionCheckRow,
  now: number,
  policy: SessionPolicy,
): Promise<SessionTimes> {
  const lastUsedAt = new Date(now).toISOString();
  const expiresAt = new Date(now + policy.ttlDays * DAY_MS).toISOString();
  const userId = found.id;
  await db.write(async (tx) => {
    // The session row before the user's: every transaction that locks both takes them in this
    // order (adminDeleteUser, adminUpdateUser), or two of them deadlock on PostgreSQL.
    await tx.update(sessions).set({ lastUsedAt, expiresAt }).where(eq(sessions.id, found.s_id));
    await tx.update(users).set({ lastActiveAt: lastUsedAt }).where(eq(users.id, userId));
    await recordActivity(tx, userId, new Date(now), policy.clock);
  });
  return { lastUsedAt, expiresAt };
}

/** The whole row of the live-session lookup once it passed `checkSession`, with its times. */
export interface AcceptedSession {
  session: SessionRow;
  user: UserRow;
  /** The name of the user's school; null for a district administrator. */
  schoolName: string | null;
}

export function acceptedSession(found: LiveSessionRow, times: SessionTimes): AcceptedSession {
  const row = asSessionAndUser(found);
  row.session.lastUsedAt = times.lastUsedAt;
  row.session.expiresAt = times.expiresAt;
  return row;
}

export async function revokeSession(
  db: Db,
  sessionId: string,
  /** What else goes with the session, in the same transaction. */
  alsoIn?: (tx: Tx, sessionId: string) => Promise<void>,
): Promise<void> {
  await db.write(async (tx) => {
    await tx.update(sessions).set({ revokedAt: nowIso() }).where(eq(sessions.id, sessionId));
    await alsoIn?.(tx, sessionId);
  });
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
