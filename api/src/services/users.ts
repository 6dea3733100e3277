import { and, asc, count, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  newId,
  pageMeta,
  type AdminUserCreateInput,
  type AdminUserUpdateInput,
  type Paged,
  type PreferencesInput,
  type ProfileInput,
  type Role,
  type User,
} from '@urs/sync-protocol';
import type { Db } from '../db/client.js';
import { nextChangeSeq, nowIso, type DbOrTx } from '../db/change-seq.js';
import { users } from '../db/schema.js';
import { conflict, notFound, validationError } from '../lib/http-error.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { containsText } from '../lib/sql.js';
import { revokeUserSessions, type UserRow } from './sessions.js';

export function avatarUrl(sha256: string | null): string | null {
  return sha256 === null ? null : `/api/avatars/${sha256}`;
}

export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    preferred_theme: row.preferredTheme,
    preferred_language: row.preferredLanguage,
    photo_url: avatarUrl(row.photoSha256),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

const live = isNull(users.deletedAt);

export function findLiveUserByEmail(db: DbOrTx, email: string): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), live))
    .get();
}

export function getLiveUser(db: DbOrTx, id: string): UserRow {
  const row = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), live))
    .get();
  if (row === undefined) throw notFound('User tidak ditemukan.');
  return row;
}

function assertEmailFree(db: DbOrTx, email: string, exceptUserId?: string): void {
  const other = findLiveUserByEmail(db, email);
  if (other !== undefined && other.id !== exceptUserId) {
    throw validationError({ email: ['Email sudah terdaftar.'] });
  }
}

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

export interface NewUser {
  id?: string;
  name: string;
  email: string;
  phone?: string | null | undefined;
  role: Role;
  password: string;
}

/** Creates a user; the email check and insert share one transaction so two sign-ups cannot race. */
export async function createUser(db: Db, input: NewUser, scryptLogN: number): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password, scryptLogN);
  return db.transaction((tx) => {
    assertEmailFree(tx, input.email);
    const now = nowIso();
    const row: UserRow = {
      id: input.id ?? newId(),
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
      changeSeq: nextChangeSeq(tx),
      deletedAt: null,
    };
    tx.insert(users).values(row).run();
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

function applyUserChanges(tx: DbOrTx, id: string, changes: UserChanges): UserRow {
  const updated = tx
    .update(users)
    .set({ ...changes, updatedAt: nowIso(), changeSeq: nextChangeSeq(tx) })
    .where(and(eq(users.id, id), live))
    .returning()
    .get();
  if (updated === undefined) throw notFound('User tidak ditemukan.');
  return updated;
}

/** Only the fields sent change (spec section 5); a blank phone clears it. */
export function updateProfile(
  db: Db,
  userId: string,
  input: ProfileInput,
  photoSha256: string | undefined,
): UserRow {
  return db.transaction((tx) => {
    const changes: UserChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined) {
      assertEmailFree(tx, input.email, userId);
      changes.email = input.email;
    }
    if (input.phone !== undefined) changes.phone = blankToNull(input.phone);
    if (photoSha256 !== undefined) changes.photoSha256 = photoSha256;
    return applyUserChanges(tx, userId, changes);
  });
}

export function updatePreferences(db: Db, userId: string, input: PreferencesInput): UserRow {
  return db.transaction((tx) => {
    const changes: UserChanges = {};
    if (input.preferred_theme !== undefined) changes.preferredTheme = input.preferred_theme;
    if (input.preferred_language !== undefined)
      changes.preferredLanguage = input.preferred_language;
    return applyUserChanges(tx, userId, changes);
  });
}

export async function changePassword(
  db: Db,
  user: UserRow,
  currentPassword: string,
  newPassword: string,
  scryptLogN: number,
): Promise<void> {
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw validationError({ current_password: ['Password saat ini salah.'] });
  }
  const passwordHash = await hashPassword(newPassword, scryptLogN);
  db.transaction((tx) => applyUserChanges(tx, user.id, { passwordHash }));
}

export interface UserListQuery {
  q?: string | undefined;
  role?: Role | undefined;
  page: number;
  per_page: number;
}

export function listUsers(db: Db, query: UserListQuery): Paged<User> {
  const conditions: SQL[] = [live];
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
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  const rows = db
    .select()
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.name})`, asc(users.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .all();
  return { data: rows.map(toPublicUser), meta: pageMeta(query.page, query.per_page, total) };
}

function otherLiveAdmins(tx: DbOrTx, userId: string): number {
  return (
    tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), ne(users.id, userId), live))
      .get()?.n ?? 0
  );
}

export function adminCreateUser(db: Db, input: AdminUserCreateInput, scryptLogN: number) {
  return createUser(db, input, scryptLogN);
}

/** A blank password or phone leaves it unchanged; the last admin cannot lose the role. */
export async function adminUpdateUser(
  db: Db,
  id: string,
  input: AdminUserUpdateInput,
  scryptLogN: number,
): Promise<UserRow> {
  const password = input.password ?? '';
  const passwordHash = password === '' ? undefined : await hashPassword(password, scryptLogN);
  return db.transaction((tx) => {
    const current = getLiveUser(tx, id);
    const changes: UserChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined) {
      assertEmailFree(tx, input.email, id);
      changes.email = input.email;
    }
    const phone = blankToNull(input.phone);
    if (phone !== null) changes.phone = phone;
    if (input.role !== undefined && input.role !== current.role) {
      if (current.role === 'admin' && otherLiveAdmins(tx, id) === 0) {
        throw conflict('Tidak dapat mengubah peran admin terakhir.');
      }
      changes.role = input.role;
    }
    if (passwordHash !== undefined) changes.passwordHash = passwordHash;
    return applyUserChanges(tx, id, changes);
  });
}

/**
 * Deletes by tombstone: the user's reports and transactions keep a valid reporter, other
 * devices learn of the deletion through pull, and the email becomes free again.
 */
export function adminDeleteUser(db: Db, actorId: string, id: string): void {
  if (actorId === id) throw conflict('Anda tidak dapat menghapus akun Anda sendiri.');
  db.transaction((tx) => {
    const target = getLiveUser(tx, id);
    if (target.role === 'admin' && otherLiveAdmins(tx, id) === 0) {
      throw conflict('Tidak dapat menghapus admin terakhir.');
    }
    const now = nowIso();
    tx.update(users)
      .set({ deletedAt: now, updatedAt: now, changeSeq: nextChangeSeq(tx) })
      .where(eq(users.id, id))
      .run();
    revokeUserSessions(tx, id);
  });
}
