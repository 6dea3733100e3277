import { ROLES, type Role } from '@urs/sync-protocol';

/**
 * Who may do what: the one table every route guard and every service check reads.
 * Spec section 6 is the minimum; `ownRecordsOnly` means staff act only on records they own
 * while admins act on any.
 */
interface Rule {
  roles: readonly Role[];
  ownRecordsOnly?: boolean;
}

const EVERYONE = ROLES;
const ADMIN = ['admin'] as const satisfies readonly Role[];
/** Who keeps the item catalogue (spec leaves it open; decided in issue 6's note). */
const INVENTORY_KEEPERS = ['admin', 'inventory_staff'] as const satisfies readonly Role[];

export const PERMISSIONS = {
  'session.self': { roles: EVERYONE },
  'profile.update': { roles: EVERYONE },
  'reference.read': { roles: EVERYONE },
  'areas.manage': { roles: ADMIN },
  'categories.manage': { roles: ADMIN },
  'users.manage': { roles: ADMIN },
  'sync.use': { roles: EVERYONE },
  'photos.upload': { roles: EVERYONE },
  'reports.create': { roles: EVERYONE },
  'reports.list': { roles: ADMIN },
  'analytics.read': { roles: ADMIN },
  /** Spec section 2: any signed-in user opens any live report's detail and its photos. */
  'reports.detail': { roles: EVERYONE },
  /**
   * Reports as records one holds: staff their own, admins any. Guards a removed photo; the
   * pull's scope (sync/pull.ts) applies the same rule to what reaches a device.
   */
  'reports.read': { roles: EVERYONE, ownRecordsOnly: true },
  'reports.update': { roles: EVERYONE, ownRecordsOnly: true },
  'reports.set_status': { roles: EVERYONE, ownRecordsOnly: true },
  'reports.admin_note': { roles: ADMIN },
  'reports.delete': { roles: ADMIN },
  'items.manage': { roles: INVENTORY_KEEPERS },
  'inventory.read': { roles: EVERYONE },
  'inventory.audit': { roles: ADMIN },
  'stock.record': { roles: EVERYONE },
  'requests.create': { roles: EVERYONE },
  'requests.read': { roles: EVERYONE, ownRecordsOnly: true },
  'requests.decide': { roles: ADMIN },
  'announcements.read': { roles: EVERYONE },
  'announcements.manage': { roles: ADMIN },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * Who is acting: the user, their role and their school. Every school role has a school; only a
 * district administrator (docs/decisions/027-schools-as-tenants.md) will have none.
 */
export interface Actor {
  id: string;
  role: Role;
  schoolId: string | null;
}

/** An actor within one school: what every school-scoped service and push handler takes. */
export interface SchoolActor extends Actor {
  schoolId: string;
}

/** Role check, plus ownership when the permission has it and a record is named. */
export function can(
  actor: Pick<Actor, 'id' | 'role'>,
  permission: Permission,
  record?: { ownerId: string },
): boolean {
  const rule: Rule = PERMISSIONS[permission];
  if (!rule.roles.includes(actor.role)) return false;
  if (rule.ownRecordsOnly === true && record !== undefined && actor.role !== 'admin') {
    return record.ownerId === actor.id;
  }
  return true;
}
