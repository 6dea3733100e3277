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

const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  custodian: 'Custodian',
  technician: 'Teknisi',
  gardener: 'Gardener',
  inventory_staff: 'Staf Inventori',
};

/** The spec's role labels; any unknown role reads 'Pengguna'. */
export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? ROLE_LABELS[role] : 'Pengguna';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
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
