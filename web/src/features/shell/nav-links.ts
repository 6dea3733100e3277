import { STAFF_ROLES } from '@urs/sync-protocol';

export type NavLinkId =
  | 'dashboard'
  | 'announcements'
  | 'reports'
  | 'analytics'
  | 'areas'
  | 'users'
  | 'inventory'
  | 'myReports';

export interface NavLink {
  id: NavLinkId;
  to: string;
  /** i18n key of the label. */
  label: string;
}

const LINKS = {
  dashboard: { id: 'dashboard', to: '/', label: 'nav.dashboard' },
  announcements: { id: 'announcements', to: '/announcements', label: 'nav.announcements' },
  reports: { id: 'reports', to: '/reports', label: 'nav.reports' },
  analytics: { id: 'analytics', to: '/analytics', label: 'nav.analytics' },
  areas: { id: 'areas', to: '/admin/areas', label: 'nav.areas' },
  users: { id: 'users', to: '/admin/users', label: 'nav.users' },
  inventory: { id: 'inventory', to: '/inventory', label: 'nav.inventory' },
  myReports: { id: 'myReports', to: '/user/reports', label: 'nav.myReports' },
} as const satisfies Record<NavLinkId, NavLink>;

/** The sidebar's links for a role, in order (spec section 2). */
export function navLinksFor(role: string): NavLink[] {
  const common = [LINKS.dashboard, LINKS.announcements];
  if (role === 'admin') {
    return [...common, LINKS.reports, LINKS.analytics, LINKS.areas, LINKS.users, LINKS.inventory];
  }
  if (STAFF_ROLES.some((staff) => staff === role)) {
    return [...common, LINKS.inventory, LINKS.myReports];
  }
  return [...common, LINKS.inventory];
}
