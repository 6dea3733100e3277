import type { AnyRouter } from '@tanstack/react-router';
import { SSO_CALLBACK_PATH } from '../features/auth/sso-redirect.js';
import { takePostLoginRedirect } from '../lib/navigation.js';
import { STORAGE_KEYS } from '../lib/storage-keys.js';

/**
 * After start-up (spec section 2): a post-login redirect kept in session storage is taken out
 * and, when it is a safe single-slash path, replaces the route, through the guard.
 *
 * Through the router's own navigation, not its history: `history.replace` only loads the new
 * route through the listener React mounts, so a page whose first render had not committed yet
 * (a slow device, a transition still rendering) changed its address and stayed on the old
 * screen. `navigate` loads it itself when nothing listens yet.
 *
 * The SSO callback is the sign-in itself: it restores the kept path once it has signed in
 * (redirectAfterSso), and replacing its route now would drop the provider's code.
 */
export function restoreKeptRedirect(
  router: Pick<AnyRouter, 'state' | 'navigate'>,
  storage: Storage,
): Promise<void> | undefined {
  if (router.state.location.pathname === SSO_CALLBACK_PATH) return undefined;
  const kept = takePostLoginRedirect(storage, STORAGE_KEYS.postLoginRedirect);
  if (kept === null) return undefined;
  return router.navigate({ href: kept, replace: true });
}
