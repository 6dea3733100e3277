import { STAFF_ROLES } from '@urs/sync-protocol';
import { isDistrictAdmin } from '../../lib/district.js';

/** Where each sidebar link goes; its label is the text `nav.<id>`. */
const LINK_PATHS = {
  dashboard: '/',
  announcements: '/announcements',
  reports: '/reports',
  analytics: '/analytics',
  areas: '/admin/areas',
  users: '/admin/users',
  inventory: '/inventory',
  myReports: '/user/reports',
  districtOverview: '/district',
  schools: '/district/schools',
  tasks: '/tasks',
  jobs: '/jobs',
  rounds: '/admin/rounds',
} as const;

export type NavLinkId = keyof typeof LINK_PATHS;

export interface NavLink {
  id: NavLinkId;
  to: (typeof LINK_PATHS)[NavLinkId];
  /** i18n key of the label. */
  label: `nav.${NavLinkId}`;
  /** Marked current only on its own path, not on the paths below it (a home). */
  exact: boolean;
}

/**
 * The sidebar's links for a role, in order (spec section 2). The district administrator has no
 * school: the district's screens only, no field work (issue 39).
 */
export function navLinksFor(role: string): NavLink[] {
  const ids: NavLinkId[] = isDistrictAdmin(role)
    ? ['districtOverview', 'schools']
    : role === 'admin'
      ? [
          'dashboard',
          'announcements',
          'reports',
          'jobs',
          'rounds',
          'analytics',
          'areas',
          'users',
          'inventory',
        ]
      : STAFF_ROLES.some((staff) => staff === role)
        ? ['dashboard', 'tasks', 'announcements', 'inventory', 'myReports']
        : ['dashboard', 'announcements', 'inventory'];
  return ids.map((id) => ({
    id,
    to: LINK_PATHS[id],
    label: `nav.${id}`,
    exact: id === 'dashboard' || id === 'districtOverview',
  }));
}
