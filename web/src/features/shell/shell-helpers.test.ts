import { describe, expect, it } from 'vitest';
import { formatUnreadBadge } from '../../client/announcement-poller.js';
import { navLinksFor } from './nav-links.js';

describe('navLinksFor', () => {
  const ids = (role: string) => navLinksFor(role).map((link) => link.id);

  it('gives admin the management links', () => {
    expect(ids('admin')).toEqual([
      'dashboard',
      'announcements',
      'reports',
      'jobs',
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
});

describe('unread badge', () => {
  it('caps at 99+', () => {
    expect(formatUnreadBadge(1)).toBe('1');
    expect(formatUnreadBadge(99)).toBe('99');
    expect(formatUnreadBadge(100)).toBe('99+');
  });
});
