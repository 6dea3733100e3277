import { isSameSitePath, type Role } from '@urs/sync-protocol';

/** Who may open a route (spec section 2). */
export type RouteAccess =
  | { kind: 'guest' }
  /** `roles` absent: any logged-in user. */
  | { kind: 'auth'; roles?: readonly Role[] };

export type NavigationDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: '/' }
  | { action: 'redirect'; to: '/login'; redirect?: string };

export interface NavigationInput {
  access: RouteAccess;
  /** The signed-in user's role, or null for a guest. A plain string: a cached role may be stale. */
  session: { role: string } | null;
  /** The full path being opened: pathname + search + hash. */
  path: string;
}

/** The navigation guard as one pure decision, so every branch is testable without a router. */
export function decideNavigation({ access, session, path }: NavigationInput): NavigationDecision {
  if (access.kind === 'guest') return session === null ? { action: 'allow' } : toDashboard;
  if (session === null) {
    return { action: 'redirect', to: '/login', ...(path !== '/' && { redirect: path }) };
  }
  if (access.roles !== undefined && !access.roles.some((role) => role === session.role)) {
    return toDashboard;
  }
  return { action: 'allow' };
}

const toDashboard = { action: 'redirect', to: '/' } as const satisfies NavigationDecision;

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
