import { isSameSitePath, type AccountRole } from '@urs/sync-protocol';
import { isDistrictAdmin } from './district.js';

/** Who may open a route (spec section 2). */
export type RouteAccess =
  | { kind: 'guest' }
  /** `roles` absent: any signed-in account, the district administrator's too (profile). */
  | { kind: 'auth'; roles?: readonly AccountRole[] }
  /**
   * Any signed-in member of a school: the spec's "any logged-in user" screens (dashboard,
   * report detail, announcements) show a school's data, and the district administrator has
   * no school (docs/decisions/027-schools-as-tenants.md). An unknown role is let in, as before.
   */
  | { kind: 'school' };

/** Where a signed-in account starts: the dashboard, or the district overview for the district. */
export type HomePath = '/' | '/district';

export type NavigationDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: HomePath }
  | { action: 'redirect'; to: '/login'; redirect?: string };

export interface NavigationInput {
  access: RouteAccess;
  /** The signed-in user's role, or null for a guest. A plain string: a cached role may be stale. */
  session: { role: string } | null;
  /** The full path being opened: pathname + search + hash. */
  path: string;
}

/** The home of a role: where a refused route and a guests-only one send it. */
export function homePathFor(role: string): HomePath {
  return isDistrictAdmin(role) ? '/district' : '/';
}

/**
 * The navigation guard as one pure decision, so every branch is testable without a router.
 * A refusal sends the user home (homePathFor), which always lets its own role in, so no
 * refusal can loop.
 */
export function decideNavigation({ access, session, path }: NavigationInput): NavigationDecision {
  if (access.kind === 'guest') return session === null ? { action: 'allow' } : home(session.role);
  if (session === null) {
    return { action: 'redirect', to: '/login', ...(path !== '/' && { redirect: path }) };
  }
  if (access.kind === 'school') {
    return isDistrictAdmin(session.role) ? home(session.role) : { action: 'allow' };
  }
  if (access.roles !== undefined && !access.roles.some((role) => role === session.role)) {
    return home(session.role);
  }
  return { action: 'allow' };
}

const home = (role: string) =>
  ({ action: 'redirect', to: homePathFor(role) }) as const satisfies NavigationDecision;

/** A path we may send the user to after login: same-origin only, as the server keeps it. */
export const isSafeRedirectPath = isSameSitePath;

/**
 * The path kept for after start-up (by a sign-in that left the app for single sign-on), taken
 * out of storage so it is used once. Whatever is kept is removed; only a safe single-slash path
 * is returned, anything else is dropped, never followed (spec section 2).
 */
export function takePostLoginRedirect(storage: Storage, key: string): string | null {
  const value = storage.getItem(key);
  if (value === null) return null;
  storage.removeItem(key);
  return isSafeRedirectPath(value) ? value : null;
}

/** Keeps where to go after a sign-in that leaves the app; an unsafe or missing one clears it. */
export function keepPostLoginRedirect(storage: Storage, key: string, redirect: unknown): void {
  if (isSafeRedirectPath(redirect)) storage.setItem(key, redirect);
  else storage.removeItem(key);
}
