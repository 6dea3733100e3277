import type { SyncedEntity } from '../sync-constants.js';
import type { MutationName } from './index.js';
import { NOTIFICATION_MUTATION_ENTITY } from '../notifications.js';

/** The entity whose row a mutation is about; its `args.id` is that row's id. */
export const MUTATION_ENTITY = {
  'report.create': 'reports',
  'report.update': 'reports',
  'report.set_status': 'reports',
  'report.set_admin_note': 'reports',
  'report.set_job': 'reports',
  'report.hand_back': 'reports',
  'report.delete': 'reports',
  'comment.create': 'report_events',
  'photo.attach': 'report_photos',
  'photo.remove': 'report_photos',
  'item.create': 'inventory_items',
  'item.update': 'inventory_items',
  'item.delete': 'inventory_items',
  'stock.record': 'stock_transactions',
  'request.create': 'item_requests',
  'request.approve': 'item_requests',
  'request.reject': 'item_requests',
  'announcement.create': 'announcements',
  'announcement.update': 'announcements',
  'announcement.delete': 'announcements',
  'announcement.mark_read': 'announcement_reads',
  ...NOTIFICATION_MUTATION_ENTITY,
  'round.complete': 'round_completions',
} as const satisfies Record<MutationName, SyncedEntity>;

/**
 * The row a mutation's args name as its parent, which shows the change as its own: a photo
 * belongs to its report, a stock transaction to its item.
 */
export const MUTATION_PARENT = {
  'photo.attach': { entity: 'reports', arg: 'report_id' },
  'comment.create': { entity: 'reports', arg: 'report_id' },
  'stock.record': { entity: 'inventory_items', arg: 'item_id' },
} as const satisfies Partial<Record<MutationName, { entity: SyncedEntity; arg: string }>>;

const hasParent = (name: string): name is keyof typeof MUTATION_PARENT =>
  Object.hasOwn(MUTATION_PARENT, name);

export interface EntityRef {
  entity: SyncedEntity;
  id: string;
}

/**
 * The parent row named in a mutation's args, or undefined when the mutation has none. The args
 * are read as the envelope stores them (unknown), so a malformed entry yields no parent.
 */
export function mutationParent(name: string, args: unknown): EntityRef | undefined {
  if (!hasParent(name)) return undefined;
  const { entity, arg } = MUTATION_PARENT[name];
  const id: unknown =
    typeof args === 'object' && args !== null ? (args as Record<string, unknown>)[arg] : undefined;
  return typeof id === 'string' ? { entity, id } : undefined;
}
