import { eq, type SQL } from 'drizzle-orm';
import { itemRequests } from '../db/schema.js';
import type { Actor } from './policy.js';

/**
 * Admins and inventory staff see every request; everyone else their own. One rule for the
 * online list, exports, analytics and what a device pulls.
 */
export function requestsVisibleTo(actor: Actor): SQL | undefined {
  return actor.role === 'admin' || actor.role === 'inventory_staff'
    ? undefined
    : eq(itemRequests.requesterId, actor.id);
}
