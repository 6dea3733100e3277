import { z } from './zod.js';

export const ROLES = ['admin', 'custodian', 'technician', 'gardener', 'inventory_staff'] as const;
export const roleSchema = z.enum(ROLES, { error: 'Peran tidak dikenal.' });
export type Role = z.infer<typeof roleSchema>;

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
  return roleSchema.safeParse(value).success;
}
