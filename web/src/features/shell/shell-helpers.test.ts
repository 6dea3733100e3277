import { describe, expect, it } from 'vitest';
import { formatUnreadBadge } from '../../client/announcement-poller.js';
import { navLinksFor } from './nav-links.js';
import { schoolLineOf } from './school-line.js';

describe('navLinksFor', () => {
  const ids = (role: string) => navLinksFor(role).map((link) => link.id);

  it('gives admin the management links', () => {
    expect(ids('admin')).toEqual([
      'dashboard',
      'announcements',
      'reports',
      'jobs',
      'rounds',
      'analytics',
      'areas',
      'users',
      'inventory',
    ]);
  });

  it('gives the four staff roles their tasks, inventory and my reports', () => {
    for (const role of ['custodian', 'technician', 'gardener', 'inventory_staff']) {
      expect(ids(role)).toEqual(['dashboard', 'tasks', 'announcements', 'inventory', 'myReports']);
    }
  });

  it('gives any other role inventory only', () => {
    expect(ids('janitor')).toEqual(['dashboard', 'announcements', 'inventory']);
  });

  it('gives the district admin the district screens only, no field work', () => {
    expect(navLinksFor('district_admin').map(({ id, to, exact }) => ({ id, to, exact }))).toEqual([
      { id: 'districtOverview', to: '/district', exact: true },
      { id: 'schools', to: '/district/schools', exact: false },
    ]);
  });

  it('marks only a home link current on its own path, not on the paths below it', () => {
    const exact = navLinksFor('admin')
      .filter((link) => link.exact)
      .map((link) => link.id);
    expect(exact).toEqual(['dashboard']);
  });
});

describe('unread badge', () => {
  it('caps at 99+', () => {
    expect(formatUnreadBadge(1)).toBe('1');
    expect(formatUnreadBadge(99)).toBe('99');
    expect(formatUnreadBadge(100)).toBe('99+');
  });
});

describe('the school line under the app name and in the footer', () => {
  const t = (key: string) => `<${key}>`;
  it("is the user's school's name, the district office for the district", () => {
    for (const role of ['admin', 'custodian', 'janitor'])
      expect(schoolLineOf({ role, school_name: 'SMP Negeri 4 Depok' }, t)).toBe(
        'SMP Negeri 4 Depok',
      );
    expect(schoolLineOf({ role: 'district_admin', school_name: null }, t)).toBe(
      '<app.districtOffice>',
    );
  });

  it("falls back to the app's own school line for a session kept by an older app", () => {
    expect(schoolLineOf({ role: 'custodian' }, t)).toBe('<app.school>');
    expect(schoolLineOf({ role: 'admin', school_name: null }, t)).toBe('<app.school>');
  });
});
