import { adminUserCreateSchema } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { ConfigError } from '../lib/config-error.js';
import { HttpError, parseOr422 } from '../lib/http-error.js';
import type { UserRow } from '../data/wire.js';
import { createUser } from './users.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';

/** Where each field of the new account comes from, named as the operator typed it. */
const VARIABLE_OF: Record<string, string> = {
  name: 'URS_ADMIN_NAME',
  email: 'URS_ADMIN_EMAIL',
  password: 'URS_ADMIN_PASSWORD',
};

/**
 * An administrator account from the operator's `URS_ADMIN_*` variables, for a database no one
 * can sign in to as admin yet: self-registration and single sign-on only ever make staff, and
 * the demo seed's admin has a published password. The same rules as an admin creating a user
 * (name, email format and uniqueness, password length) apply; a refusal is a ConfigError with
 * one line naming the variable, never a stack trace.
 */
export async function createAdminFrom(
  db: Db,
  source: Record<string, string | undefined>,
  scryptLogN: number,
): Promise<UserRow> {
  const password = source['URS_ADMIN_PASSWORD'];
  try {
    const input = parseOr422(adminUserCreateSchema, {
      name: source['URS_ADMIN_NAME'],
      email: source['URS_ADMIN_EMAIL'],
      role: 'admin',
      password,
      password_confirmation: password,
    });
    // The first school's: the one a single-school install has (issue 39 adds URS_SCHOOL_ID).
    return await createUser(db, { ...input, schoolId: FIRST_SCHOOL_ID }, scryptLogN);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const problems = Object.entries(err.errors ?? { input: [err.message] }).map(
      ([field, texts]) => `${VARIABLE_OF[field] ?? field}: ${texts.join(' ')}`,
    );
    throw new ConfigError(problems.join('; '));
  }
}
