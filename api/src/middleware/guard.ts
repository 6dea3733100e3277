import type { Context, MiddlewareHandler } from 'hono';
import { isRole, type AccountRole } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import type { UserRow } from '../data/wire.js';
import { forbidden, unauthenticated } from '../lib/http-error.js';
import { can, type Actor, type Permission, type SchoolActor } from '../auth/policy.js';
import {
  acceptedSession,
  checkSession,
  type SessionPolicy,
  type SessionRow,
  type SessionTimes,
} from '../auth/session-tokens.js';
import {
  findLiveSession,
  type LiveSessionRow,
  type SessionCheckRow,
} from '../data/live-session.js';
import { hashToken } from '../lib/tokens.js';

export interface AuthContext {
  user: UserRow & { role: AccountRole };
  session: SessionRow;
  /** The name of the user's school; null for a district administrator. */
  schoolName: string | null;
}

export type AppEnv = { Variables: { auth: AuthContext } };

function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The single guard every protected route uses. */
export interface Guard {
  /** Middleware: 401 without a live session, 403 when the policy refuses the role. */
  (permission: Permission): MiddlewareHandler<AppEnv>;
  /** The same check, for a route that must authenticate before it can answer otherwise. */
  authenticate(c: Context, permission: Permission): Promise<AuthContext>;
  /**
   * For a route whose own statement looks the session up (data/live-session.ts), saving the
   * guard's round trip: the hash to look up by (401 without a bearer token), then `admit`
   * on what the statement found, before anything it read is answered.
   */
  tokenHash(c: Context): string;
  admit(found: LiveSessionRow | undefined, permission: Permission): Promise<AuthContext>;
  /**
   * `admit` for a statement that read only the checks' columns (`sessionCheckSql`): the same
   * checks and the same answers; the row itself once accepted (its `id` and `role` are the
   * user's).
   */
  admitRow<R extends SessionCheckRow>(found: R | undefined, permission: Permission): Promise<R>;
}

/**
 * 401 without a live session, 403 when the policy refuses the permission to the user's role.
 * Ownership of a particular record is checked by the service with the same `can` once the
 * record is loaded.
 */
export function makeGuard(db: Db, policy: SessionPolicy): Guard {
  const tokenHash = (c: Context): string => {
    const token = bearerToken(c.req.header('authorization'));
    if (token === null) throw unauthenticated();
    return hashToken(token);
  };
  /** 401 unless the row passed the checks, then 403 unless its role has the permission. */
  const allowed = <R extends SessionCheckRow>(
    found: R | undefined,
    times: SessionTimes | null,
    permission: Permission,
  ): [R, SessionTimes] => {
    if (found === undefined || times === null) throw unauthenticated();
    if (!can({ id: found.id, role: found.role }, permission)) throw forbidden();
    return [found, times];
  };
  /**
   * The checks, then `accept` on the row that passed. Without a sliding-expiry write to wait
   * for, the answer is known at once: one settled promise instead of a chain of async steps,
   * as the unread count (every device, every minute) is mostly such fixed costs.
   */
  const pass = <R extends SessionCheckRow, T>(
    found: R | undefined,
    permission: Permission,
    accept: (row: R, times: SessionTimes) => T,
  ): Promise<T> => {
    try {
      const times = found === undefined ? null : checkSession(db, found, policy);
      return times instanceof Promise
        ? times.then((slid) => accept(...allowed(found, slid, permission)))
        : Promise.resolve(accept(...allowed(found, times, permission)));
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  };
  const admit = (found: LiveSessionRow | undefined, permission: Permission) =>
    pass(found, permission, acceptedSession);
  const admitRow = <R extends SessionCheckRow>(found: R | undefined, permission: Permission) =>
    pass(found, permission, (row: R) => row);
  const authenticate = async (c: Context, permission: Permission) =>
    admit(await findLiveSession(db, tokenHash(c)), permission);
  const middleware =
    (permission: Permission): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      c.set('auth', await authenticate(c, permission));
      await next();
    };
  return Object.assign(middleware, { authenticate, tokenHash, admit, admitRow });
}

export function authOf(c: Context<AppEnv>): AuthContext {
  return c.get('auth');
}

/**
 * The signed-in user as an actor of their school, for a route whose service works within one
 * school (every school-scoped read and write takes the school from here, never from the
 * request). A user without a school (a district administrator, decision 027) is refused as a
 * role without the permission would be; the policy gives such a user no school permission, so
 * this is a second fence, not a path anyone takes.
 */
export function accountActor(c: Context<AppEnv>): Actor {
  const { user } = authOf(c);
  return { id: user.id, role: user.role, schoolId: user.schoolId };
}

export function schoolActor(c: Context<AppEnv>): SchoolActor {
  const { user } = authOf(c);
  if (user.schoolId === null || !isRole(user.role)) throw forbidden();
  return { id: user.id, role: user.role, schoolId: user.schoolId };
}
