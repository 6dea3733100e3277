import { describe, expect, it } from 'vitest';
import { ROLES } from '@urs/sync-protocol';
import {
  decideNavigation,
  homePathFor,
  isSafeRedirectPath,
  keepPostLoginRedirect,
  takePostLoginRedirect,
  type RouteAccess,
} from './navigation.js';

const guest: RouteAccess = { kind: 'guest' };
const anyUser: RouteAccess = { kind: 'auth' };
const adminOnly: RouteAccess = { kind: 'auth', roles: ['admin'] };

describe('decideNavigation', () => {
  it('sends a guest on a login-required route to login with the full original path', () => {
    expect(
      decideNavigation({ access: adminOnly, session: null, path: '/reports?x=1#top' }),
    ).toEqual({ action: 'redirect', to: '/login', redirect: '/reports?x=1#top' });
  });

  it('adds no redirect when the original path is the dashboard', () => {
    expect(decideNavigation({ access: anyUser, session: null, path: '/' })).toEqual({
      action: 'redirect',
      to: '/login',
    });
  });

  it('lets a guest open guests-only routes and sends a signed-in user to the dashboard', () => {
    expect(decideNavigation({ access: guest, session: null, path: '/login' })).toEqual({
      action: 'allow',
    });
    for (const role of [...ROLES, 'janitor']) {
      expect(decideNavigation({ access: guest, session: { role }, path: '/x/y' })).toEqual({
        action: 'redirect',
        to: '/',
      });
    }
  });

  it('sends a role outside the route list to the dashboard and lets listed roles in', () => {
    expect(
      decideNavigation({ access: adminOnly, session: { role: 'custodian' }, path: '/reports' }),
    ).toEqual({ action: 'redirect', to: '/' });
    expect(
      decideNavigation({ access: adminOnly, session: { role: 'admin' }, path: '/reports' }),
    ).toEqual({ action: 'allow' });
  });

  it('lets any role (even an unknown one) into routes without a role list', () => {
    for (const role of [...ROLES, 'janitor']) {
      expect(decideNavigation({ access: anyUser, session: { role }, path: '/profile' })).toEqual({
        action: 'allow',
      });
    }
  });

  it('keeps an unknown role out of routes that list the five roles', () => {
    const fiveRoles: RouteAccess = { kind: 'auth', roles: ROLES };
    expect(
      decideNavigation({ access: fiveRoles, session: { role: 'janitor' }, path: '/inventory' }),
    ).toEqual({ action: 'redirect', to: '/' });
  });
});

describe('the district administrator (no school)', () => {
  const district = { role: 'district_admin' };
  const inSchool: RouteAccess = { kind: 'school' };
  const districtOnly: RouteAccess = { kind: 'auth', roles: ['district_admin'] };

  it('has the district overview as home, everyone else the dashboard', () => {
    expect(homePathFor('district_admin')).toBe('/district');
    for (const role of [...ROLES, 'janitor']) expect(homePathFor(role)).toBe('/');
  });

  it("is sent from a school's screens, admin-only ones and guest pages to the overview", () => {
    for (const [access, path] of [
      [inSchool, '/'],
      [inSchool, '/announcements'],
      [inSchool, '/reports/r1'],
      [adminOnly, '/admin/users'],
      [{ kind: 'auth', roles: ROLES }, '/inventory'],
      [guest, '/login'],
    ] satisfies [RouteAccess, string][]) {
      expect(decideNavigation({ access, session: district, path }), path).toEqual({
        action: 'redirect',
        to: '/district',
      });
    }
  });

  it('opens the district screens and the account screens (profile, settings)', () => {
    expect(
      decideNavigation({ access: districtOnly, session: district, path: '/district' }),
    ).toEqual({ action: 'allow' });
    expect(decideNavigation({ access: anyUser, session: district, path: '/profile' })).toEqual({
      action: 'allow',
    });
  });

  it("keeps every school role (and an unknown one) out of the district's screens, without a loop", () => {
    for (const role of [...ROLES, 'janitor']) {
      const refused = decideNavigation({
        access: districtOnly,
        session: { role },
        path: '/district',
      });
      expect(refused).toEqual({ action: 'redirect', to: '/' });
      // Home lets them in, so the refusal ends there.
      expect(decideNavigation({ access: inSchool, session: { role }, path: '/' })).toEqual({
        action: 'allow',
      });
    }
  });

  it('sends a guest on a district screen to login with the path kept', () => {
    expect(
      decideNavigation({ access: districtOnly, session: null, path: '/district/schools' }),
    ).toEqual({ action: 'redirect', to: '/login', redirect: '/district/schools' });
  });
});

describe('post-login redirect', () => {
  it('accepts a single-slash path and refuses protocol-relative or foreign ones', () => {
    expect(isSafeRedirectPath('/reports?x=1')).toBe(true);
    expect(isSafeRedirectPath('/')).toBe(true);
    expect(isSafeRedirectPath('//evil.example/x')).toBe(false);
    expect(isSafeRedirectPath('/\\evil.example')).toBe(false);
    // Browsers drop tabs and line breaks from an address before reading it: these are //host.
    expect(isSafeRedirectPath('/\t/evil.example')).toBe(false);
    expect(isSafeRedirectPath('/\n/evil.example')).toBe(false);
    expect(isSafeRedirectPath('/\r\\evil.example')).toBe(false);
    expect(isSafeRedirectPath('https://evil.example')).toBe(false);
    expect(isSafeRedirectPath('reports')).toBe(false);
    expect(isSafeRedirectPath(undefined)).toBe(false);
    expect(isSafeRedirectPath(42)).toBe(false);
  });

  it('takes a single-slash path out of storage once', () => {
    const storage = memoryStorage({ urs_post_login_redirect: '/inventory?tab=requests' });
    expect(takePostLoginRedirect(storage, 'urs_post_login_redirect')).toBe(
      '/inventory?tab=requests',
    );
    expect(storage.getItem('urs_post_login_redirect')).toBeNull();
    expect(takePostLoginRedirect(storage, 'urs_post_login_redirect')).toBeNull();
  });

  it('removes a value that does not start with a single slash, never returning it', () => {
    for (const unsafe of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'x', '']) {
      const storage = memoryStorage({ urs_post_login_redirect: unsafe });
      expect(takePostLoginRedirect(storage, 'urs_post_login_redirect')).toBeNull();
      expect(storage.getItem('urs_post_login_redirect')).toBeNull();
    }
  });

  it('keeps a safe path before leaving, and clears an unsafe or missing one', () => {
    const storage = memoryStorage({ urs_post_login_redirect: '/old' });
    keepPostLoginRedirect(storage, 'urs_post_login_redirect', '/reports?status=pending');
    expect(storage.getItem('urs_post_login_redirect')).toBe('/reports?status=pending');
    keepPostLoginRedirect(storage, 'urs_post_login_redirect', '//evil.example');
    expect(storage.getItem('urs_post_login_redirect')).toBeNull();
    storage.setItem('urs_post_login_redirect', '/old');
    keepPostLoginRedirect(storage, 'urs_post_login_redirect', undefined);
    expect(storage.getItem('urs_post_login_redirect')).toBeNull();
  });
});

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}
