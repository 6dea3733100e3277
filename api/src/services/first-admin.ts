import { adminUserCreateSchema, schoolCreateSchema } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { ConfigError } from '../lib/config-error.js';
import { HttpError, parseOr422 } from '../lib/http-error.js';
import type { UserRow } from '../data/wire.js';
import type { SchoolRow } from '../db/schools.js';
import { createUser } from './users.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';
import { createSchool } from './schools.js';

/*
 * The operator's command-line entries (`create-admin.js`, `create-school.js`) make the accounts
 * no one can make on an empty database: self-registration and single sign-on only ever make
 * staff, and the demo seed's admin has a published password. The same rules as the app's own
 * forms apply; a refusal is a ConfigError with one line naming the variable, never a stack trace.
 */

/** A refusal of the rules as one line, each field named by the variable it came from. */
async function asOperatorInput<T>(
  variableOf: Record<string, string>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const problems = Object.entries(err.errors ?? { input: [err.message] }).map(
      ([field, texts]) => `${variableOf[field] ?? field}: ${texts.join(' ')}`,
    );
    throw new ConfigError(problems.join('; '));
  }
}

/** Where each field of the new account comes from, named as the operator typed it. */
const ADMIN_VARIABLES: Record<string, string> = {
  name: 'URS_ADMIN_NAME',
  email: 'URS_ADMIN_EMAIL',
  password: 'URS_ADMIN_PASSWORD',
};

/**
 * An administrator account from the operator's `URS_ADMIN_*` variables. The same rules as an
 * admin creating a user (name, email format and uniqueness, password length) apply.
 */
export async function createAdminFrom(
  db: Db,
  source: Record<string, string | undefined>,
  scryptLogN: number,
): Promise<UserRow> {
  const password = source['URS_ADMIN_PASSWORD'];
  return asOperatorInput(ADMIN_VARIABLES, async () => {
    const input = parseOr422(adminUserCreateSchema, {
      name: source['URS_ADMIN_NAME'],
      email: source['URS_ADMIN_EMAIL'],
      role: 'admin',
      password,
      password_confirmation: password,
    });
    // The first school's: the one a single-school install has (issue 39 adds URS_SCHOOL_ID).
    return createUser(db, { ...input, schoolId: FIRST_SCHOOL_ID }, scryptLogN);
  });
}

/**
 * The fields of a new school and its admin: the contract's nested keys, and the service's own
 * (`name` is the school's name, `email` its admin's).
 */
const SCHOOL_VARIABLES: Record<string, string> = {
  name: 'URS_SCHOOL_NAME',
  'admin.name': 'URS_ADMIN_NAME',
  'admin.email': 'URS_ADMIN_EMAIL',
  email: 'URS_ADMIN_EMAIL',
  'admin.password': 'URS_ADMIN_PASSWORD',
};

/**
 * A school and its first administrator from `URS_SCHOOL_NAME` and the `URS_ADMIN_*` variables,
 * with the district administrator's rules (a free school name, a valid and unused email, a
 * password of 8 or more characters), created together (`createSchool`) with a registration
 * code, so its staff can register from the start.
 */
export async function createSchoolFrom(
  db: Db,
  source: Record<string, string | undefined>,
  scryptLogN: number,
): Promise<{ school: SchoolRow; admin: UserRow }> {
  return asOperatorInput(SCHOOL_VARIABLES, async () => {
    const input = parseOr422(schoolCreateSchema, {
      name: source['URS_SCHOOL_NAME'],
      admin: {
        name: source['URS_ADMIN_NAME'],
        email: source['URS_ADMIN_EMAIL'],
        password: source['URS_ADMIN_PASSWORD'],
      },
    });
    return createSchool(db, input, scryptLogN, { registrationCode: true });
  });
}
