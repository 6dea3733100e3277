import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '@urs/sync-protocol';
import type { Db } from '../db/client.js';
import type { UserRow } from '../data/wire.js';
import { forbidden, unauthenticated } from '../lib/http-error.js';
import { can, type Permission } from '../auth/policy.js';
import { resolveSession, type SessionPolicy, type SessionRow } from '../services/sessions.js';

export interface AuthContext {
  user: UserRow & { role: Role };
  session: SessionRow;
}

export type AppEnv = { Variables: { auth: AuthContext } };

function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The single guard every protected route uses: 401 without a live session, 403 when the
 * policy refuses the permission to the user's role. Ownership of a particular record is
 * checked by the service with the same `can` once the record is loaded.
 */
export function makeGuard(db: Db, policy: SessionPolicy) {
  return (permission: Permission): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const token = bearerToken(c.req.header('authorization'));
      const resolved = token === null ? null : await resolveSession(db, token, policy);
      if (resolved === null) throw unauthenticated();
      const auth: AuthContext = { user: resolved.user, session: resolved.session };
      if (!can(auth.user, permission)) throw forbidden();
      c.set('auth', auth);
      await next();
    };
}

export type Guard = ReturnType<typeof makeGuard>;

export function authOf(c: Context<AppEnv>): AuthContext {
  return c.get('auth');
}
