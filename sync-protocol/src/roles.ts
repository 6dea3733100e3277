import { z } from './zod.js';
import { code } from './error-codes.js';
import { ROLES } from './vocabulary.js';

export { ROLES, STAFF_ROLES, isRole, roleLabel, type Role } from './vocabulary.js';
export const roleSchema = z.enum(ROLES, { error: code('role_unknown') });
