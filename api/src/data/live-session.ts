import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/handles.js';
import { jsonAsText, jsonObject } from '../db/dialect.js';
import { plainQuery } from '../db/plain-query.js';
import { schools, sessions, users } from '../db/schema.js';
import type { UserRow } from './wire.js';

/*
 * Every authenticated request runs this lookup: plain SQL prepared once per connection on both
 * engines (db/plain-query.ts), because drizzle's mapping of the joined session and user rows
 * was most of its cost. The same columns under the same keys come back as the rows of the
 * guard's own statement, as one JSON object from a statement that looks the session up inside
 * itself (the pull page, sync/pull.ts), or, only those the checks read, as columns of such a
 * statement (the unread count, sync/unread-count.ts); all go through one set of checks
 * (auth/session-tokens.ts, `checkSession`). Session keys are prefixed `s_`; user keys are the
 * column names.
 */
const LIVE_SESSION_COLUMNS = [
  ['s_id', sessions.id],
  ['s_user_id', sessions.userId],
  ['s_token_hash', sessions.tokenHash],
  ['s_created_at', sessions.createdAt],
  ['s_last_used_at', sessions.lastUsedAt],
  ['s_expires_at', sessions.expiresAt],
  ['s_user_agent', sessions.userAgent],
  ['id', users.id],
  ['created_at', users.createdAt],
  ['updated_at', users.updatedAt],
  ['change_seq', users.changeSeq],
  ['deleted_at', users.deletedAt],
  ['school_id', users.schoolId],
  ['name', users.name],
  ['email', users.email],
  ['phone', users.phone],
  ['role', users.role],
  ['password_hash', users.passwordHash],
  ['preferred_theme', users.preferredTheme],
  ['preferred_language', users.preferredLanguage],
  ['photo_sha256', users.photoSha256],
  ['last_active_at', users.lastActiveAt],
  // The user's school's name, for the app's footer and proof sheets: one primary-key probe.
  [
    'school_name',
    sql`(SELECT ${schools.name} FROM ${schools} WHERE ${schools.id} = ${users.schoolId})`,
  ],
] as const;

/** A row of the live-session lookup, keyed as LIVE_SESSION_COLUMNS. */
export interface LiveSessionRow {
  s_id: string;
  s_user_id: string;
  s_token_hash: string;
  s_created_at: string;
  s_last_used_at: string;
  s_expires_at: string;
  s_user_agent: string | null;
  id: string;
  created_at: string;
  updated_at: string;
  change_seq: number;
  deleted_at: string | null;
  school_id: string | null;
  name: string;
  email: string;
  phone: string | null;
  role: UserRow['role'];
  password_hash: string;
  preferred_theme: UserRow['preferredTheme'];
  preferred_language: UserRow['preferredLanguage'];
  photo_sha256: string | null;
  last_active_at: string | null;
  /** Null for a district administrator, who has no school. */
  school_name: string | null;
}

/**
 * The sessions and users a token hash may stand for: not revoked, and not of a user whose
 * school is deactivated (a district administrator has none), whatever else. Deactivation
 * revokes the school's sessions and no session of it can be made after (db/schools.ts), so the
 * school's check refuses only what something else may have left live; it costs one
 * primary-key probe, and such a session answers exactly as a revoked one. The rest of the
 * checks (expiry, a deleted user, the sliding expiry) are auth/session-tokens.ts's, on the row.
 */
function liveSessionSource(tokenHash: SQL | Placeholder): SQL {
  return sql`${sessions} JOIN ${users} ON ${eq(users.id, sessions.userId)} WHERE ${and(
    eq(sessions.tokenHash, tokenHash),
    isNull(sessions.revokedAt),
    // A scalar subquery, not NOT EXISTS: PostgreSQL runs it once for the one row found (a
    // primary-key probe), where an anti-join may be planned to scan users on a small database.
    sql`(SELECT ${schools.deactivatedAt} FROM ${schools} WHERE ${schools.id} = ${users.schoolId}) IS NULL`,
  )}`;
}

/**
 * For a statement that looks the session up inside itself: `user_id`, `role` and `school_id`
 * to scope its reads by, and `found`, the whole row as JSON text for `parseLiveSession`. At most one row
 * (token hashes are unique). Whatever the statement reads for it stays unsent until
 * the guard has accepted the row.
 */
export function liveSessionJsonSql(tokenHash: SQL | Placeholder): SQL {
  return sql`SELECT ${users.id} AS user_id, ${users.role} AS role, ${users.schoolId} AS school_id, ${jsonAsText(jsonObject(LIVE_SESSION_COLUMNS))} AS found FROM ${liveSessionSource(tokenHash)}`;
}

/** The `found` column of liveSessionJsonSql: the row the guard's own lookup would have read. */
export function parseLiveSession(found: string): LiveSessionRow {
  return JSON.parse(found) as LiveSessionRow;
}

function selectList(columns: readonly (typeof LIVE_SESSION_COLUMNS)[number][]): SQL {
  return sql.join(
    columns.map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
    sql`, `,
  );
}

const liveSessionQuery = plainQuery<LiveSessionRow>(
  sql`SELECT ${selectList(LIVE_SESSION_COLUMNS)} FROM ${liveSessionSource(sql.placeholder('hash'))}`,
);

/**
 * What the checks read (auth/session-tokens.ts, `checkSession`) and what a route needs to read
 * for the user (`id`, `role`, `school_id`): every other column of the row costs a value the driver converts
 * per request, and the unread count, called by every device every minute, needs none of them.
 */
const SESSION_CHECK_KEYS = [
  's_id',
  's_expires_at',
  's_last_used_at',
  'id',
  'role',
  'school_id',
  'deleted_at',
] as const;

/** A row of a statement built with sessionCheckSql, without its own columns. */
export type SessionCheckRow = Pick<LiveSessionRow, (typeof SESSION_CHECK_KEYS)[number]>;

const SESSION_CHECK_COLUMNS = LIVE_SESSION_COLUMNS.filter(([key]) =>
  (SESSION_CHECK_KEYS as readonly string[]).includes(key),
);

/**
 * A statement that looks the session up and reads for its user in one: the columns of
 * SessionCheckRow, then `columns`, which may name `users` and `sessions` of the row found (the
 * user is `users.id`, the role `users.role`). At most one row; none when the token hash names
 * no session or a revoked one. Nothing of `columns` may be answered before the guard has
 * accepted the row (`Guard.admitRow`).
 */
export function sessionCheckSql(tokenHash: SQL | Placeholder, columns: SQL): SQL {
  return sql`SELECT ${selectList(SESSION_CHECK_COLUMNS)}, ${columns} FROM ${liveSessionSource(tokenHash)}`;
}

/** The guard's own lookup: the row the token hash names, if it is not revoked. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
): Promise<LiveSessionRow | undefined> {
  const [found] = await liveSessionQuery.rows(db, { hash: tokenHash });
  return found;
}
