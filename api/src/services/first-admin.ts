import { adminUserCreateSchema, DISTRICT_ADMIN, schoolCreateSchema } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { ConfigError } from '../lib/config-error.js';
import { HttpError, parseOr422 } from '../lib/http-error.js';
import type { UserRow } from '../data/wire.js';
import type { SchoolRow } from '../db/schools.js';
import { createUser } from './users.js';
import { createSchool, listSchools } from './schools.js';

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

/** The roles this entry makes; staff accounts are made by a school's admin in the app. */
const OPERATOR_ROLES = ['admin', DISTRICT_ADMIN] as const;
type OperatorRole = (typeof OPERATOR_ROLES)[number];

function operatorRole(value: string | undefined): OperatorRole {
  const role = value?.trim() ?? '';
  if (role === '') return 'admin';
  const known = OPERATOR_ROLES.find((r) => r === role);
  if (known !== undefined) return known;
  throw new ConfigError(
    `URS_ROLE: "${role}" is not admin (the default) or district_admin; staff accounts are made in the app by their school's admin`,
  );
}

/** The schools an operator chooses from, as `id (name)`; at most ten, then how many more. */
function schoolChoices(rows: readonly SchoolRow[]): string {
  const shown = rows.slice(0, 10).map((row) => `${row.id} (${row.name})`);
  if (rows.length > shown.length) shown.push(`and ${rows.length - shown.length} more`);
  return shown.join(', ');
}

/**
 * The school an admin joins: the one `URS_SCHOOL_ID` names, or the deployment's only school.
 * With several schools it must be named, never guessed.
 */
async function adminSchool(db: Db, value: string | undefined): Promise<SchoolRow> {
  const rows = await listSchools(db);
  const id = value?.trim() ?? '';
  if (id === '') {
    if (rows.length === 1 && rows[0] !== undefined) return rows[0];
    throw new ConfigError(
      `URS_SCHOOL_ID: this deployment has ${rows.length} schools; name the admin's school: ${schoolChoices(rows)}`,
    );
  }
  const school = rows.find((row) => row.id === id);
  if (school === undefined) {
    throw new ConfigError(
      `URS_SCHOOL_ID: no school has the id "${id}"; the schools: ${schoolChoices(rows)}`,
    );
  }
  return school;
}

/**
 * An administrator account from the operator's variables: `URS_ADMIN_NAME`, `URS_ADMIN_EMAIL`
 * and `URS_ADMIN_PASSWORD`, with the rules of an admin creating a user (name, email format and
 * uniqueness, password length). `URS_ROLE` is `admin` (the default) or `district_admin`, who
 * belongs to no school; an admin joins the school `URS_SCHOOL_ID` names, which may be left out
 * while the deployment has one school. A deactivated school's admin is made all the same (as
 * the district screens allow), and signs in once the school is reactivated.
 */
export async function createAdminFrom(
  db: Db,
  source: Record<string, string | undefined>,
  scryptLogN: number,
): Promise<{ admin: UserRow; school: SchoolRow | null }> {
  const role = operatorRole(source['URS_ROLE']);
  let school: SchoolRow | null = null;
  if (role === DISTRICT_ADMIN) {
    if ((source['URS_SCHOOL_ID']?.trim() ?? '') !== '') {
      throw new ConfigError(
        'URS_SCHOOL_ID: a district_admin belongs to no school; leave it unset for URS_ROLE=district_admin',
      );
    }
  } else {
    school = await adminSchool(db, source['URS_SCHOOL_ID']);
  }
  const password = source['URS_ADMIN_PASSWORD'];
  const admin = await asOperatorInput(ADMIN_VARIABLES, async () => {
    const input = parseOr422(adminUserCreateSchema, {
      name: source['URS_ADMIN_NAME'],
      email: source['URS_ADMIN_EMAIL'],
      role: 'admin',
      password,
      password_confirmation: password,
    });
    return createUser(db, { ...input, role, schoolId: school?.id ?? null }, scryptLogN);
  });
  return { admin, school };
}

/** The fields of a new school and its admin, as the contract nests them. */
const SCHOOL_VARIABLES: Record<string, string> = {
  name: 'URS_SCHOOL_NAME',
  'admin.name': 'URS_ADMIN_NAME',
  'admin.email': 'URS_ADMIN_EMAIL',
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
    return createSchool(db, input, scryptLogN);
  });
}
