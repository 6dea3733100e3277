import i18next from 'i18next';
import { isAccountRole, roleLabel, type AccountRole } from '@urs/sync-protocol';

/** English role names; Indonesian ones are the spec's labels, verbatim (`roleLabel`). */
const ENGLISH: Record<AccountRole, string> = {
  district_admin: 'District admin',
  admin: 'Administrator',
  custodian: 'Custodian',
  technician: 'Technician',
  gardener: 'Gardener',
  inventory_staff: 'Inventory staff',
};

/**
 * A role's name in the interface's language (or `lng`, for a sheet printed in another): the
 * spec's labels in Indonesian (some of them English words, as the spec has them), English names
 * in English. Read during render, so a language change redraws it with the rest of the screen.
 */
export function roleText(role: string | null | undefined, lng = i18next.language): string {
  if (lng !== 'en') return roleLabel(role);
  return isAccountRole(role) ? ENGLISH[role] : 'User';
}
