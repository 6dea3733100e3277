import { and, eq, notExists } from 'drizzle-orm';
import type { Db, Tx } from './handles.js';
import { nowIso } from './change-seq.js';
import { rowLock } from './dialect.js';
import { changeCounter, schools } from './schema.js';
import { rowsOf } from './statement.js';

/*
 * Schools are the tenants of a deployment (docs/decisions/027-schools-as-tenants.md). A
 * single-school install has exactly one, created by the migration that introduced schools
 * (migrations/0012_schools.sql, migrations-pg/0007_schools.sql) from the data it found.
 */

/**
 * The school migration 0012 / 0007 put every existing row into, and the one school of a
 * single-school install: the literal those migrations write, as a valid UUIDv7 shape so the
 * contract's `z.uuid()` accepts it.
 */
export const FIRST_SCHOOL_ID = '00000000-0000-7000-8000-000000000001';

/** The name those migrations give it: the footer's (web i18n `app.school`), as SQL cannot read env. */
export const FIRST_SCHOOL_NAME = 'SMA Harapan Nusantara';

export type SchoolRow = typeof schools.$inferSelect;

/**
 * A school and its change counter, starting at 0 (its devices' cursors count in its own
 * numbering). Call inside the transaction that creates whatever else the school starts with.
 */
export async function insertSchool(tx: Tx, school: { id: string; name: string }): Promise<void> {
  const now = nowIso();
  await tx.insert(schools).values({ ...school, createdAt: now, updatedAt: now });
  await tx.insert(changeCounter).values({ schoolId: school.id, value: 0 });
}

/**
 * Gives the first school the deployment's `SCHOOL_NAME` once: while it still has the name the
 * migration wrote and no other school has the configured one. A name set later (by a district
 * administrator) is never overwritten by the environment. Returns whether it renamed.
 */
export async function adoptSchoolName(db: Db, name: string): Promise<boolean> {
  if (name === FIRST_SCHOOL_NAME || name.trim() === '') return false;
  return db.write(async (tx) => {
    const renamed = await tx
      .update(schools)
      .set({ name, updatedAt: nowIso() })
      .where(
        and(
          eq(schools.id, FIRST_SCHOOL_ID),
          eq(schools.name, FIRST_SCHOOL_NAME),
          notExists(tx.select({ id: schools.id }).from(schools).where(eq(schools.name, name))),
        ),
      )
      .returning({ id: schools.id });
    return renamed.length > 0;
  });
}

/*
 * Deactivation and new sessions (and new accounts) take turns on the school's row, so neither
 * can slip between the other's check and write: a sign-in reads the school under a shared lock
 * and inserts its session in the same transaction; a deactivation locks the row first, then
 * revokes the school's sessions and marks it deactivated. Whichever comes second sees what the
 * first committed: a sign-in after a deactivation is refused, a deactivation after a sign-in
 * revokes its session. On PostgreSQL (READ COMMITTED) that needs the two locks; SQLite's one
 * writer runs the transactions one at a time already.
 */

/**
 * Whether the school exists and is active, read under a shared lock on its row that lasts
 * until `tx` ends: a deactivation waits for `tx`, and `tx` waits for one under way.
 */
export async function isSchoolActiveLocked(tx: Tx, schoolId: string): Promise<boolean> {
  return (await activeSchoolNameLocked(tx, schoolId)) !== null;
}

/** The school's name if it exists and is active (else null), under isSchoolActiveLocked's lock. */
export async function activeSchoolNameLocked(tx: Tx, schoolId: string): Promise<string | null> {
  const [row] = await rowsOf<{ name: string; deactivated_at: string | null }>(
    tx,
    `SELECT name, deactivated_at FROM schools WHERE id = ?${rowLock('share')}`,
    schoolId,
  );
  return row !== undefined && row.deactivated_at === null ? row.name : null;
}

/**
 * Locks the school's row against sign-ins until `tx` ends, for a change that must not interleave
 * with them (deactivation). Foreign key checks (inserts of the school's rows) are not held up.
 */
export async function lockSchoolRow(tx: Tx, schoolId: string): Promise<void> {
  await rowsOf(tx, `SELECT id FROM schools WHERE id = ?${rowLock('no key update')}`, schoolId);
}
