/*
 * The contract's closed word lists, with no zod in sight: the app's first screen (router guards,
 * theme, language) needs them before anything is validated, and importing a module that builds
 * schemas would pull the whole validator into the first download. The schemas in roles.ts and
 * entities/user.ts are built from these same lists.
 */
export const ROLES = ['admin', 'custodian', 'technician', 'gardener', 'inventory_staff'] as const;
export type Role = (typeof ROLES)[number];

/** Every role except admin: the people who file reports in the field. */
export const STAFF_ROLES = [
  'custodian',
  'technician',
  'gardener',
  'inventory_staff',
] as const satisfies readonly Role[];

/**
 * The district administrator (issue 39, decision 027): an account of no school, who manages the
 * schools of a deployment. Not one of ROLES: report filters, role options, the pull's variants
 * and the policy's "every school role" are built from ROLES and stay the five.
 */
export const DISTRICT_ADMIN = 'district_admin';
/** Every role an account can have: the school roles and the district administrator. */
export const ACCOUNT_ROLES = [...ROLES, DISTRICT_ADMIN] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

const ROLE_LABELS: Record<AccountRole, string> = {
  district_admin: 'Admin Dinas',
  admin: 'Administrator',
  custodian: 'Custodian',
  technician: 'Teknisi',
  gardener: 'Gardener',
  inventory_staff: 'Staf Inventori',
};

/** The spec's role labels; any unknown role reads 'Pengguna'. */
export function roleLabel(role: string | null | undefined): string {
  return isAccountRole(role) ? ROLE_LABELS[role] : 'Pengguna';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isAccountRole(value: unknown): value is AccountRole {
  return typeof value === 'string' && (ACCOUNT_ROLES as readonly string[]).includes(value);
}

export const THEMES = ['dark', 'light', 'cream'] as const;
export type Theme = (typeof THEMES)[number];

export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Report and request statuses (spec section 4); the schemas in work.ts are built from these. */
export const REPORT_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The inventory list's filters, as its URL and the API query carry them. */
export const INVENTORY_FILTERS = ['all', 'low_stock', 'inactive'] as const;
