import type { Db } from '../db/client.js';
import { createSession, type SessionPolicy, type UserRow } from './sessions.js';
import { toPublicUser } from './users.js';

/**
 * What every way in answers (password login, registration, single sign-on): a new session's
 * bearer token with its expiry, and the user as the app sees it. One shape, so the web's
 * session store treats them all alike.
 */
export function signInAnswer(
  db: Db,
  user: UserRow,
  policy: SessionPolicy,
  userAgent: string | null,
) {
  const { token, session } = createSession(db, user.id, policy, userAgent);
  return {
    access_token: token,
    token_type: 'Bearer' as const,
    expires_at: session.expiresAt,
    user: toPublicUser(user),
  };
}
