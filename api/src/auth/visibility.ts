import { eq, type Placeholder, type SQL } from 'drizzle-orm';
import { itemRequests } from '../db/schema.js';
import type { Actor } from './policy.js';

/**
 * An actor whose id may be a placeholder, bound when a query prepared once runs, or SQL that
 * yields it (the pull reads the session's user inside its own statement).
 */
export type Viewer = Pick<Actor, 'role'> & { id: Actor['id'] | Placeholder | SQL };

/**
 * Admins and inventory staff see every request; everyone else their own. One rule for the
 * online list, exports, analytics and what a device pulls.
 */
export function requestsVisibleTo(actor: Viewer): SQL | undefined {
  return actor.role === 'admin' || actor.role === 'inventory_staff'
    ? undefined
    : eq(itemRequests.requesterId, actor.id);
}
