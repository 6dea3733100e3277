import { STAFF_ROLES } from '@urs/sync-protocol';

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
  tasks: '/tasks',
  jobs: '/jobs',
} as const;

export type NavLinkId = keyof typeof LINK_PATHS;

export interface NavLink {
  id: NavLinkId;
  to: (typeof LINK_PATHS)[NavLinkId];
  /** i18n key of the label. */
  label: `nav.${NavLinkId}`;
}

/** The sidebar's links for a role, in order (spec section 2). */
export function navLinksFor(role: string): NavLink[] {
  const ids: NavLinkId[] =
    role === 'admin'
      ? [
          'dashboard',
          'announcements',
          'reports',
          'jobs',
          'analytics',
          'areas',
          'users',
          'inventory',
        ]
      : STAFF_ROLES.some((staff) => staff === role)
        ? ['dashboard', 'tasks', 'announcements', 'inventory', 'myReports']
        : ['dashboard', 'announcements', 'inventory'];
  return ids.map((id) => ({ id, to: LINK_PATHS[id], label: `nav.${id}` }));
}
