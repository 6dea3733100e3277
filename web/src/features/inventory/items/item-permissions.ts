import { type AccountRole, type Role } from '@urs/sync-protocol';

/** Roles that may add, edit and delete items (the server's 'items.manage'). */
const ITEM_KEEPERS: readonly AccountRole[] = ['admin', 'inventory_staff'] satisfies Role[];

export function canManageItems(role: AccountRole | null | undefined): boolean {
  return role !== null && role !== undefined && ITEM_KEEPERS.includes(role);
}
