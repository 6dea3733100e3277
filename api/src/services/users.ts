import { and, asc, count, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  newId,
  pageMeta,
  type AdminUserCreateInput,
  type AdminUserUpdateInput,
  type Paged,
  type PreferencesInput,
  type ProfileInput,
  type AccountRole,
  type Role,
  type User,
  reason,
} from '@urs/sync-protocol';
import type { Db, Tx } from '../db/handles.js';
import { nextChangeSeq, nowIso, type DbOrTx } from '../db/change-seq.js';
import { countOf, first } from '../db/first.js';
import { users } from '../db/schema.js';
import { conflict, notFound, validationError } from '../lib/http-error.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { containsText, lockEmail } from '../db/dialect.js';
import { toPublicUser, type UserRow } from '../data/wire.js';
import { revokeUserSessions } from '../auth/session-tokens.js';
import type { Actor, SchoolActor } from '../auth/policy.js';

/*
 * Every write here takes its change number before it checks anything. On PostgreSQL writes run
 * at READ COMMITTED and the counter's row lock is what serialises them (decision 007): taken
 * first, the checks that follow (a free email, another live admin) read what committed while
 * this transaction waited, so two requests cannot both pass a check only one may pass. Taken
 * after, both would pass, and the second would fail on the unique index (a 500) or leave the
 * school without an admin. SQLite's single writer already gives that order. The counter is the
 * user's school's (decision 027): it serialises the writes of one school, which is all the
 * last-admin check needs; emails are unique across schools, which a second school's writer does
 * not wait for: `assertEmailFree` takes the email's own lock for that.
 */

const live = isNull(users.deletedAt);

/**
 * The change number of a user write: the school's next, or 0 for a district administrator, who
 * has no school (decision 027): their row is in no school's pull, so nothing needs to order it,
 * and a district-wide counter would be one more row every district write waits on.
 */
function userChangeSeq(tx: Tx, schoolId: string | null): Promise<number> {
  return schoolId === null ? Promise.resolve(0) : nextChangeSeq(tx, schoolId);
}

export function findLiveUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return first(
    db
      .select()
      .from(users)
      .where(and(eq(users.email, email.trim().toLowerCase()), live))
      .limit(1),
  );
}

/** A live user of the school; another school's answers as a missing one (decision 027). */
export async function getLiveUser(db: DbOrTx, schoolId: string, id: string): Promise<UserRow> {
  const row = await first(
    db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.schoolId, schoolId), live)),
  );
  if (row === undefined) throw notFound(reason('user_not_found'));
  return row;
}

/**
 * Emails are unique across the deployment (decision 027). The school's counter, taken first,
 * does not serialise two schools' writers, so the check takes the email's own lock
 * (`lockEmail`) in the write transaction: two schools writing one address at once are answered
 * `email_taken` one after the other, never by the unique index's error.
 */
async function assertEmailFree(tx: Tx, email: string, exceptUserId?: string): Promise<void> {
  await lockEmail(tx, email);
  const other = await findLiveUserByEmail(tx, email);
  if (other !== undefined && other.id !== exceptUserId) {
    throw validationError({ email: [reason('email_taken')] });
  }
}

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

export interface NewUser {
  id?: string;
  /** The school the account belongs to; it never changes. Null only for a district_admin. */
  schoolId: string | null;
  name: string;
  email: string;
  phone?: string | null | undefined;
  role: AccountRole;
  password: string;
}

/**
 * Creates a user; the email check and insert share one transaction so two sign-ups cannot race.
 * `prepare` runs first in that transaction (a new school creates itself and its counter there).
 */
export async function createUser(
  db: Db,
  input: NewUser,
  scryptLogN: number,
  prepare?: (tx: Tx) => Promise<void>,
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password, scryptLogN);
  return db.write(async (tx) => {
    if (prepare !== undefined) await prepare(tx);
    const changeSeq = await userChangeSeq(tx, input.schoolId);
    await assertEmailFree(tx, input.email);
    const now = nowIso();
    const row: UserRow = {
      id: input.id ?? newId(),
      schoolId: input.schoolId,
      name: input.name,
      email: input.email.trim().toLowerCase(),
      phone: blankToNull(input.phone),
      role: input.role,
      passwordHash,
      preferredTheme: 'dark',
      preferredLanguage: 'id',
      photoSha256: null,
      lastActiveAt: null,
      createdAt: now,
      updatedAt: now,
      changeSeq,
      deletedAt: null,
    };
    await tx.insert(users).values(row);
    return row;
  });
}

type UserChanges = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'email'
    | 'phone'
    | 'role'
    | 'passwordHash'
    | 'preferredTheme'
    | 'preferredLanguage'
    | 'photoSha256'
  >
>;

async function applyUserChanges(
  tx: Tx,
  id: string,
  changes: UserChanges,
  changeSeq: number,
): Promise<UserRow> {
  const updated = await first(
    tx
      .update(users)
      .set({ ...changes, updatedAt: nowIso(), changeSeq })
      .where(and(eq(users.id, id), live))
      .returning(),
  );
  if (updated === undefined) throw notFound(reason('user_not_found'));
  return updated;
}

/** Only the fields sent change (spec section 5); a blank phone clears it. */
export function updateProfile(
  db: Db,
  self: Actor,
  input: ProfileInput,
  photoSha256: string | undefined,
): Promise<UserRow> {
  const userId = self.id;
  return db.write(async (tx) => {
    const changeSeq = await userChangeSeq(tx, self.schoolId);
    const changes: UserChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined) {
      await assertEmailFree(tx, input.email, userId);
      changes.email = input.email;
    }
    if (input.phone !== undefined) changes.phone = blankToNull(input.phone);
    if (photoSha256 !== undefined) changes.photoSha256 = photoSha256;
    return applyUserChanges(tx, userId, changes, changeSeq);
  });
}

export function updatePreferences(db: Db, self: Actor, input: PreferencesInput): Promise<UserRow> {
  return db.write(async (tx) => {
    const changes: UserChanges = {};
    if (input.preferred_theme !== undefined) changes.preferredTheme = input.preferred_theme;
    if (input.preferred_language !== undefined)
      changes.preferredLanguage = input.preferred_language;
    return applyUserChanges(tx, self.id, changes, await userChangeSeq(tx, self.schoolId));
  });
}

export async function changePassword(
  db: Db,
  self: Actor & Pick<UserRow, 'passwordHash'>,
  currentPassword: string,
  newPassword: string,
  scryptLogN: number,
): Promise<void> {
  if (!(await verifyPassword(currentPassword, self.passwordHash))) {
    throw validationError({ current_password: [reason('current_password_wrong')] });
  }
  const passwordHash = await hashPassword(newPassword, scryptLogN);
  await db.write(async (tx) =>
    applyUserChanges(tx, self.id, { passwordHash }, await userChangeSeq(tx, self.schoolId)),
  );
}

export interface UserListQuery {
  q?: string | undefined;
  role?: Role | undefined;
  page: number;
  per_page: number;
}

export async function listUsers(
  db: Db,
  schoolId: string,
  query: UserListQuery,
): Promise<Paged<User>> {
  const conditions: SQL[] = [eq(users.schoolId, schoolId), live];
  if (query.role !== undefined) conditions.push(eq(users.role, query.role));
  if (query.q !== undefined && query.q !== '') {
    const match = or(
      containsText(users.name, query.q),
      containsText(users.email, query.q),
      containsText(users.phone, query.q),
    );
    if (match !== undefined) conditions.push(match);
  }
  const where = and(...conditions);
  const total = await countOf(db.select({ n: count() }).from(users).where(where));
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.name})`, asc(users.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    data: rows.map((row) => toPublicUser(row)),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

/** The school's other live admins: every school keeps one of its own. */
function otherLiveAdmins(tx: DbOrTx, schoolId: string, userId: string): Promise<number> {
  return countOf(
    tx
      .select({ n: count() })
      .from(users)
      .where(
        and(eq(users.schoolId, schoolId), eq(users.role, 'admin'), ne(users.id, userId), live),
      ),
  );
}

/** A user of the admin's own school. */
export function adminCreateUser(
  db: Db,
  admin: SchoolActor,
  input: AdminUserCreateInput,
  scryptLogN: number,
) {
  return createUser(db, { ...input, schoolId: admin.schoolId }, scryptLogN);
}

/**
 * A blank password or phone leaves it unchanged; the last admin cannot lose the role.
 * `callerSessionId` is the acting admin's session, which a reset of their own password spares.
 */
export async function adminUpdateUser(
  db: Db,
  admin: SchoolActor,
  id: string,
  input: AdminUserUpdateInput,
  scryptLogN: number,
  callerSessionId: string,
): Promise<UserRow> {
  const password = input.password ?? '';
  const passwordHash = password === '' ? undefined : await hashPassword(password, scryptLogN);
  return db.write(async (tx) => {
    const changeSeq = await nextChangeSeq(tx, admin.schoolId);
    const current = await getLiveUser(tx, admin.schoolId, id);
    const changes: UserChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined) {
      await assertEmailFree(tx, input.email, id);
      changes.email = input.email;
    }
    const phone = blankToNull(input.phone);
    if (phone !== null) changes.phone = phone;
    if (input.role !== undefined && input.role !== current.role) {
      if (current.role === 'admin' && (await otherLiveAdmins(tx, admin.schoolId, id)) === 0) {
        throw conflict(reason('last_admin_role'));
      }
      changes.role = input.role;
    }
    if (passwordHash !== undefined) {
      changes.passwordHash = passwordHash;
      // A reset password is often the answer to a lost phone or a leaked password: every
      // session of the old one ends with it, as the user's own change ends their others. An
      // admin resetting their own keeps the session they are doing it from, as on the profile.
      await revokeUserSessions(tx, id, callerSessionId);
    }
    return applyUserChanges(tx, id, changes, changeSeq);
  });
}

/**
 * Deletes by tombstone: the user's reports and transactions keep a valid reporter, other
 * devices learn of the deletion through pull, and the email becomes free again.
 */
export async function adminDeleteUser(db: Db, admin: SchoolActor, id: string): Promise<void> {
  if (admin.id === id) throw conflict(reason('self_delete'));
  await db.write(async (tx) => {
    const changeSeq = await nextChangeSeq(tx, admin.schoolId);
    const target = await getLiveUser(tx, admin.schoolId, id);
    if (target.role === 'admin' && (await otherLiveAdmins(tx, admin.schoolId, id)) === 0) {
      throw conflict(reason('last_admin_delete'));
    }
    // Sessions before the user row, the order slideExpiry (auth/session-tokens.ts) takes them
    // in: in the other order the two deadlock on PostgreSQL when the user's device checks in
    // meanwhile.
    await revokeUserSessions(tx, id);
    const now = nowIso();
    await tx
      .update(users)
      .set({ deletedAt: now, updatedAt: now, changeSeq })
      .where(and(eq(users.id, id), eq(users.schoolId, admin.schoolId)));
  });
}
