import { sql } from 'drizzle-orm';
import { ACCOUNT_ROLES } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { nameLiteral } from '../db/dialect.js';
import { plainQuery, type PlainQuery } from '../db/plain-query.js';
import { notifications, users } from '../db/schema.js';
import { sessionCheckSql, type SessionCheckRow } from '../data/live-session.js';
import { unreadCountSql } from './pull.js';

/*
 * Every signed-in device asks for its unread count every minute, so the count looks the
 * session up inside its own statement (data/live-session.ts), reading only the columns the
 * guard's checks need: one statement instead of the guard's lookup and then the count, and
 * none of the user's other columns converted per request. The count is written once per
 * role (audience and authorship as the pull counts them, sync/pull.ts); the session's role
 * picks the one that runs, so only the reads of that role's audience are evaluated. Each arm
 * names its role as a literal, not a bound value: the engine folds it once per run instead of
 * taking four more parameters on every request. The announcements' columns it reads all sit in
 * one index (announcements_unread_idx), so the count never visits an announcement's row.
 */

/** A row of the count's statement: the session as found, and the counts for its user. */
export interface UnreadCountRow extends SessionCheckRow {
  unread: number;
  /** The user's unread notifications (decision 031): a device whose number changed syncs. */
  notifications: number;
}

function unreadCountStatementSql() {
  const arms = ACCOUNT_ROLES.map(
    (role) =>
      sql`WHEN ${nameLiteral(role)} THEN (${unreadCountSql({ id: sql`${users.id}`, schoolId: sql`${users.schoolId}`, role, roleValue: nameLiteral(role) })})`,
  );
  // Read through notifications_user_read_idx (user_id, read_at, ...) alone, never a row.
  const unreadNotifications = sql`(SELECT CAST(count(*) AS integer) FROM ${notifications} WHERE ${notifications.userId} = ${users.id} AND ${notifications.readAt} IS NULL)`;
  return sessionCheckSql(
    sql.placeholder('session'),
    sql`CASE ${users.role} ${sql.join(arms, sql` `)} END AS ${sql.identifier('unread')}, ${unreadNotifications} AS ${sql.identifier('notifications')}`,
  );
}

/** Built on first use: the SQL depends on the engine, chosen when the database opens. */
let statement: PlainQuery<UnreadCountRow> | undefined;

/**
 * The session the token hash names, if it is not revoked, with its user's unread
 * announcements: those their role may see, that they did not write and have not read.
 * Undefined when there is no such session. The count must not be answered before the guard
 * has accepted the row (`Guard.admitRow`).
 */
export function unreadCountForSession(
  db: Db,
  tokenHash: string,
): Promise<UnreadCountRow | undefined> {
  statement ??= plainQuery<UnreadCountRow>(unreadCountStatementSql());
  return statement.row(db, { session: tokenHash });
}
