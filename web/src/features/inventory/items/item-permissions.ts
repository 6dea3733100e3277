import { type Role } from '@urs/sync-protocol';

/** Roles that may add, edit and delete items (the server's 'items.manage'). */
const ITEM_KEEPERS: readonly Role[] = ['admin', 'inventory_staff'];

export function canManageItems(role: Role | null | undefined): boolean {
  return role !== null && role !== undefined && ITEM_KEEPERS.includes(role);
}
