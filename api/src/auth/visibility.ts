import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { itemRequests } from '../db/schema.js';
import type { Actor } from './policy.js';

/**
 * An actor whose id and school may be placeholders, bound when a query prepared once runs, or
 * SQL that yields them (the pull reads the session's user and school inside its own statement).
 */
export type Viewer = Pick<Actor, 'role'> & {
  id: Actor['id'] | Placeholder | SQL;
  schoolId: Actor['schoolId'] | Placeholder | SQL;
};

/**
 * Rows of the viewer's school only (decision 027). A viewer without a school (a district
 * administrator) matches no row: `school_id = NULL` is never true. Every read of school-owned
 * rows is ANDed with this, so a row of another school is exactly as absent as a missing one.
 */
export function inSchool(table: { schoolId: SQLiteColumn }, schoolId: Viewer['schoolId']): SQL {
  return schoolId === null ? sql`1 = 0` : eq(table.schoolId, schoolId);
}

/**
 * Of the viewer's school, admins and inventory staff see every request; everyone else their
 * own. One rule for the online list, exports, analytics and what a device pulls.
 */
export function requestsVisibleTo(actor: Viewer): SQL | undefined {
  return actor.role === 'admin' || actor.role === 'inventory_staff'
    ? inSchool(itemRequests, actor.schoolId)
    : and(inSchool(itemRequests, actor.schoolId), eq(itemRequests.requesterId, actor.id));
}
