import { ACCOUNT_ROLES, ROLES, isRole, type AccountRole, type Role } from '@urs/sync-protocol';

/**
 * Who may do what: the one table every route guard and every service check reads.
 * Spec section 6 is the minimum; `ownRecordsOnly` means staff act only on records they own
 * while admins act on any.
 */
interface Rule {
  roles: readonly AccountRole[];
  ownRecordsOnly?: boolean;
}

/** Every school role: field work. A district administrator (no school) is not among them. */
const EVERYONE = ROLES;
/**
 * Every account, the district administrator included: what a signed-in client needs to run
 * (its session, its profile, the sync and the unread count). A district administrator's pull
 * is empty and each mutation of their push is refused (decision 027).
 */
const EVERY_ACCOUNT = ACCOUNT_ROLES;
const ADMIN = ['admin'] as const satisfies readonly AccountRole[];
const DISTRICT = ['district_admin'] as const satisfies readonly AccountRole[];
/** Who keeps the item catalogue (spec leaves it open; decided in issue 6's note). */
const INVENTORY_KEEPERS = ['admin', 'inventory_staff'] as const satisfies readonly AccountRole[];

export const PERMISSIONS = {
  'session.self': { roles: EVERY_ACCOUNT },
  'profile.update': { roles: EVERY_ACCOUNT },
  'reference.read': { roles: EVERYONE },
  'areas.manage': { roles: ADMIN },
  'categories.manage': { roles: ADMIN },
  'users.manage': { roles: ADMIN },
  'sync.use': { roles: EVERY_ACCOUNT },
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
  /**
   * The job actions over REST (plan, status, hand back, comment): who may take which on which
   * report is decision 028's table, judged by the push's own handlers once the report is read.
   */
  'reports.job': { roles: EVERYONE },
  'reports.admin_note': { roles: ADMIN },
  'reports.delete': { roles: ADMIN },
  'items.manage': { roles: INVENTORY_KEEPERS },
  'inventory.read': { roles: EVERYONE },
  'inventory.audit': { roles: ADMIN },
  'stock.record': { roles: EVERYONE },
  'requests.create': { roles: EVERYONE },
  'requests.read': { roles: EVERYONE, ownRecordsOnly: true },
  'requests.decide': { roles: ADMIN },
  'announcements.read': { roles: EVERY_ACCOUNT },
  'announcements.manage': { roles: ADMIN },
  /** One's own inbox, preferences and push subscriptions (decision 031). */
  'notifications.own': { roles: EVERYONE },
  /** Rounds (decision 030): doing one (push), and templates and compliance (REST). */
  'rounds.complete': { roles: EVERYONE },
  'rounds.manage': { roles: ADMIN },
  /** Their own school's registration link (issue 39): seeing it and issuing a new one. */
  'school.registration_link': { roles: ADMIN },
  /** Schools, their admins and registration codes (issue 39). */
  'district.manage': { roles: DISTRICT },
  /** The district overview and any one school's analytics, read-only. */
  'district.read': { roles: DISTRICT },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * Who is acting: the user, their role and their school. Every school role has a school; only a
 * district administrator (docs/decisions/027-schools-as-tenants.md) will have none.
 */
export interface Actor {
  id: string;
  role: AccountRole;
  schoolId: string | null;
}

/** An actor within one school: what every school-scoped service and push handler takes. */
export interface SchoolActor extends Actor {
  role: Role;
  schoolId: string;
}

/**
 * The role of a user read within a school: always a school role, since the one account role
 * that is not (district_admin) has no school and so is in no school's rows. Throws otherwise,
 * as a broken invariant rather than an answer.
 */
export function schoolRoleOf(role: AccountRole): Role {
  if (!isRole(role)) throw new Error(`a school's user has the role ${role}`);
  return role;
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
