import type { Db } from '../db/handles.js';
import { toPublicUser, type UserRow } from '../data/wire.js';
import { createSession, type SessionPolicy } from '../auth/session-tokens.js';

/**
 * What every way in answers (password login, registration, single sign-on): a new session's
 * bearer token with its expiry, and the user as the app sees it. One shape, so the web's
 * session store treats them all alike. A user of a deactivated school is refused `403
 * school_inactive` (createSession checks it in the session's own transaction).
 */
export async function signInAnswer(
  db: Db,
  user: UserRow,
  policy: SessionPolicy,
  userAgent: string | null,
) {
  const { token, session, schoolName } = await createSession(db, user, policy, userAgent);
  return {
    access_token: token,
    token_type: 'Bearer' as const,
    expires_at: session.expiresAt,
    user: toPublicUser(user, { name: schoolName, clock: policy.clock }),
  };
}
