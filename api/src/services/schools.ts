import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  newId,
  reason,
  type AdminUserCreateInput,
  type AdminUserUpdateInput,
  type OwnSchool,
  type Paged,
  type School,
  type SchoolCreateInput,
  type SchoolUpdateInput,
  type User,
} from '@urs/sync-protocol';
import type { Db, Tx } from '../db/handles.js';
import type { DbOrTx } from '../db/change-seq.js';
import { nowIso } from '../db/change-seq.js';
import { first } from '../db/first.js';
import { schools, sessions, users } from '../db/schema.js';
import {
  insertSchool,
  isSchoolActiveLocked,
  lockSchoolRow,
  type SchoolRow,
} from '../db/schools.js';
import { forbidden, HttpError, notFound, validationError } from '../lib/http-error.js';
import type { SchoolActor } from '../auth/policy.js';
import type { UserRow } from '../data/wire.js';
import {
  adminCreateUser,
  adminDeleteUser,
  adminUpdateUser,
  createUser,
  getLiveUser,
  listUsers,
} from './users.js';

/*
 * The schools of a deployment, as the district administrator manages them (issue 39,
 * docs/decisions/027-schools-as-tenants.md). Schools are never deleted: a deactivated school
 * keeps every row, its users cannot sign in and their sessions end with the deactivation.
 */

export function toPublicSchool(row: SchoolRow): School {
  return {
    id: row.id,
    name: row.name,
    registration_code: row.registrationCode,
    sso_domains: row.ssoDomains ?? [],
    active: row.deactivatedAt === null,
    deactivated_at: row.deactivatedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** A registration code: short enough to type from a letter, long enough not to be guessed. */
function newRegistrationCode(): string {
  return randomBytes(9).toString('base64url');
}

export async function getSchool(db: DbOrTx, id: string): Promise<SchoolRow> {
  const row = await first(db.select().from(schools).where(eq(schools.id, id)));
  if (row === undefined) throw notFound(reason('school_not_found'));
  return row;
}

export async function listSchools(db: DbOrTx): Promise<SchoolRow[]> {
  return db
    .select()
    .from(schools)
    .orderBy(sql`lower(${schools.name})`, asc(schools.id));
}

/** The active schools: what registration and single sign-on choose from. */
export async function activeSchools(db: DbOrTx): Promise<SchoolRow[]> {
  return db.select().from(schools).where(isNull(schools.deactivatedAt)).orderBy(asc(schools.id));
}

/** A registration code as typed or carried by a link: trimmed; blank is no code. */
const givenCode = (code: string | null | undefined): string => code?.trim() ?? '';

/** The active school whose registration code is `code`, if one is. */
export async function activeSchoolByCode(
  db: DbOrTx,
  code: string | null | undefined,
): Promise<SchoolRow | undefined> {
  const given = givenCode(code);
  if (given === '') return undefined;
  return first(
    db
      .select()
      .from(schools)
      .where(and(eq(schools.registrationCode, given), isNull(schools.deactivatedAt))),
  );
}

/**
 * The school a self-registration joins: the only active school (a single school needs no code),
 * else the active school whose registration code is `code`. Never a guess: with several
 * schools and no code, 422 `school_required`; a code no active school holds, 422
 * `school_unknown` (even with one school: a link meant for another deployment is no guess).
 */
export async function schoolForRegistration(
  db: DbOrTx,
  code: string | null | undefined,
): Promise<string> {
  if (givenCode(code) === '') {
    const active = await activeSchools(db);
    if (active.length === 1 && active[0] !== undefined) return active[0].id;
    throw validationError({ school_code: [reason('school_required')] }, reason('school_required'));
  }
  const school = await activeSchoolByCode(db, code);
  if (school === undefined) {
    throw validationError({ school_code: [reason('school_unknown')] }, reason('school_unknown'));
  }
  return school.id;
}

/**
 * The school a new account made through single sign-on joins: the one active school whose
 * email domains hold the address's domain; else the school whose registration link the sign-in
 * started from (`linkSchoolId`, checked by the start), if it is still active; else the only
 * active school. A link school deactivated since: 403 `school_unknown`; nothing else tells:
 * 403 `sso_school_unknown`. Never a guess.
 */
export async function schoolForSso(
  db: DbOrTx,
  email: string,
  linkSchoolId: string | null = null,
): Promise<string> {
  const active = await activeSchools(db);
  const domain = (email.split('@')[1] ?? '').toLowerCase();
  const byDomain = active.filter((row) =>
    (row.ssoDomains ?? []).some((d) => d.toLowerCase() === domain),
  );
  if (byDomain.length === 1 && byDomain[0] !== undefined) return byDomain[0].id;
  if (linkSchoolId !== null) {
    if (active.some((row) => row.id === linkSchoolId)) return linkSchoolId;
    throw forbidden(reason('school_unknown'));
  }
  if (byDomain.length === 0 && active.length === 1 && active[0] !== undefined) {
    return active[0].id;
  }
  throw forbidden(reason('sso_school_unknown'));
}

/** Whether the deployment has more than one active school (a district rather than a school). */
async function severalActiveSchools(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schools).where(isNull(schools.deactivatedAt));
  return Number(row?.n ?? 0) > 1;
}

/**
 * A school as its own admin sees it, to hand out its registration link. Only ever the caller's
 * own school (the session's), so it names no other.
 */
export async function ownSchool(db: DbOrTx, schoolId: string): Promise<OwnSchool> {
  const row = await getSchool(db, schoolId);
  return {
    name: row.name,
    registration_code: row.registrationCode,
    several_schools: await severalActiveSchools(db),
  };
}

/**
 * A new registration code for the admin's own school: the old link stops working at once (a
 * link that went where it should not, or a first link for a school the migration left without
 * one).
 */
export async function renewRegistrationCode(db: Db, schoolId: string): Promise<OwnSchool> {
  await updateSchool(db, schoolId, { new_registration_code: true });
  return ownSchool(db, schoolId);
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const taken = await first(
    tx
      .select({ id: schools.id })
      .from(schools)
      .where(
        and(eq(schools.name, name), exceptId === undefined ? undefined : ne(schools.id, exceptId)),
      ),
  );
  if (taken !== undefined) throw validationError({ name: [reason('school_name_taken')] });
}

/**
 * A school, its change counter, its registration code and its first administrator, in one
 * transaction: a school is never left without an admin, nor an admin without a school, and it
 * has a registration link to hand out from the start. The password is hashed before the
 * transaction (createUser), so nothing waits on it. A taken admin email is answered under
 * `admin.email`, where the request carried it, as a malformed one is.
 */
export async function createSchool(
  db: Db,
  input: SchoolCreateInput,
  scryptLogN: number,
): Promise<{ school: SchoolRow; admin: UserRow }> {
  const id = newId();
  const admin = await createUser(
    db,
    { ...input.admin, role: 'admin', schoolId: id },
    scryptLogN,
    async (tx) => {
      await assertNameFree(tx, input.name);
      await insertSchool(tx, { id, name: input.name });
      const extra: Partial<SchoolRow> = { registrationCode: newRegistrationCode() };
      if (input.sso_domains !== undefined) extra.ssoDomains = [...new Set(input.sso_domains)];
      await tx.update(schools).set(extra).where(eq(schools.id, id));
    },
  ).catch((err: unknown) => {
    const email = err instanceof HttpError ? err.fields?.email : undefined;
    if (email === undefined) throw err;
    throw validationError({ 'admin.email': email });
  });
  return { school: await getSchool(db, id), admin };
}

/**
 * Rename, SSO domains, registration code, deactivate or reactivate; only what is sent changes.
 * Deactivation revokes every session of the school's users in the same transaction, under the
 * school's row lock, which a sign-in's session insert waits for (db/schools.ts).
 */
export async function updateSchool(
  db: Db,
  id: string,
  input: SchoolUpdateInput,
): Promise<SchoolRow> {
  return db.write(async (tx) => {
    // The row first, so no sign-in slips between the revocation below and the commit.
    await lockSchoolRow(tx, id);
    const current = await getSchool(tx, id);
    const changes: Partial<SchoolRow> = {};
    if (input.name !== undefined && input.name !== current.name) {
      await assertNameFree(tx, input.name, id);
      changes.name = input.name;
    }
    if (input.sso_domains !== undefined) changes.ssoDomains = [...new Set(input.sso_domains)];
    if (input.registration_code === null) changes.registrationCode = null;
    if (input.new_registration_code === true) changes.registrationCode = newRegistrationCode();
    const now = nowIso();
    if (input.active === false && current.deactivatedAt === null) {
      changes.deactivatedAt = now;
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            isNull(sessions.revokedAt),
            inArray(
              sessions.userId,
              tx.select({ id: users.id }).from(users).where(eq(users.schoolId, id)),
            ),
          ),
        );
    }
    if (input.active === true) changes.deactivatedAt = null;
    if (Object.keys(changes).length === 0) return current;
    const updated = await first(
      tx
        .update(schools)
        .set({ ...changes, updatedAt: now })
        .where(eq(schools.id, id))
        .returning(),
    );
    if (updated === undefined) throw notFound(reason('school_not_found'));
    return updated;
  });
}

/**
 * Refuses a new account in a school deactivated since it was chosen (registration, single
 * sign-on): `403 school_inactive`. Run first in the account's write transaction (createUser's
 * `prepare`): the school's row stays locked against a deactivation until the account is made.
 */
export async function assertSchoolActive(tx: Tx, schoolId: string): Promise<void> {
  if (!(await isSchoolActiveLocked(tx, schoolId))) throw forbidden(reason('school_inactive'));
}

/*
 * Each school's administrators, managed by the district administrator through the users
 * service with the school named explicitly: the same rules (email unique, the last admin keeps
 * the role) as the school's own admin screen, and a user of another school answers as missing.
 */

/** The district administrator acting within one school, as that school's admin would. */
function inSchool(districtAdminId: string, schoolId: string): SchoolActor {
  return { id: districtAdminId, role: 'admin', schoolId };
}

export async function listSchoolAdmins(db: Db, schoolId: string): Promise<Paged<User>> {
  await getSchool(db, schoolId);
  return listUsers(db, schoolId, { role: 'admin', page: 1, per_page: 100 });
}

export async function createSchoolAdmin(
  db: Db,
  districtAdminId: string,
  schoolId: string,
  input: Omit<AdminUserCreateInput, 'role'>,
  scryptLogN: number,
): Promise<UserRow> {
  await getSchool(db, schoolId);
  return adminCreateUser(
    db,
    inSchool(districtAdminId, schoolId),
    { ...input, role: 'admin' },
    scryptLogN,
  );
}

/** Only an admin of the school; any other user of it answers as missing. */
async function getSchoolAdmin(db: Db, schoolId: string, userId: string): Promise<UserRow> {
  const row = await getLiveUser(db, schoolId, userId);
  if (row.role !== 'admin') throw notFound(reason('user_not_found'));
  return row;
}

export async function updateSchoolAdmin(
  db: Db,
  districtAdminId: string,
  schoolId: string,
  userId: string,
  input: AdminUserUpdateInput,
  scryptLogN: number,
  callerSessionId: string,
): Promise<UserRow> {
  await getSchoolAdmin(db, schoolId, userId);
  return adminUpdateUser(
    db,
    inSchool(districtAdminId, schoolId),
    userId,
    input,
    scryptLogN,
    callerSessionId,
  );
}

export async function deleteSchoolAdmin(
  db: Db,
  districtAdminId: string,
  schoolId: string,
  userId: string,
): Promise<void> {
  await getSchoolAdmin(db, schoolId, userId);
  await adminDeleteUser(db, inSchool(districtAdminId, schoolId), userId);
}
