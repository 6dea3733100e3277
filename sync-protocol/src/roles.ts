import { z } from './zod.js';
import { code } from './error-codes.js';
import { ACCOUNT_ROLES, ROLES } from './vocabulary.js';

export {
  ACCOUNT_ROLES,
  DISTRICT_ADMIN,
  ROLES,
  STAFF_ROLES,
  isAccountRole,
  isRole,
  roleLabel,
  type AccountRole,
  type Role,
} from './vocabulary.js';
/** A school role: what an admin grants and what every school-scoped rule names. */
export const roleSchema = z.enum(ROLES, { error: code('role_unknown') });
/** Any account's role, the district administrator's included: what a user object carries. */
export const accountRoleSchema = z.enum(ACCOUNT_ROLES, { error: code('role_unknown') });
