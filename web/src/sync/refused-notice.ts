import {
  mutationParent,
  notificationExcerpt,
  notificationPath,
  type InboxNotification,
  type NotificationSubject,
} from '@urs/sync-protocol';
import type { OutboxEntry, RejectedResult } from '../db/database.js';
import { rejectionText } from '../lib/error-text.js';

/*
 * Decision 031: a change the server refused is told in the user's own inbox, written by the
 * device (`sync_refused` never travels and is never pushed). The row names the outbox entry as
 * its subject and carries where the record opens to be fixed, since the inbox reads offline.
 */

/** The screen where the record an entry is about can be looked at and fixed. */
export function refusedFixPath(entry: Pick<OutboxEntry, 'entity' | 'entity_id' | 'mutation'>) {
  const parent = mutationParent(entry.mutation.name, entry.mutation.args);
  const at = (subject_type: NotificationSubject, subject_id: string) =>
    notificationPath({ subject_type, subject_id });
  switch (entry.entity) {
    case 'reports':
      return `${at('reports', entry.entity_id)}/edit`;
    case 'report_photos':
    case 'report_events':
      return parent === undefined ? '/notifications' : at('reports', parent.id);
    case 'inventory_items':
      return at('inventory_items', entry.entity_id);
    case 'stock_transactions':
      return parent === undefined ? '/inventory' : at('inventory_items', parent.id);
    case 'item_requests':
      return at('item_requests', entry.entity_id);
    case 'announcements':
      return at('announcements', entry.entity_id);
    default:
      return '/notifications';
  }
}

/**
 * The inbox row of one refused entry: its id is the mutation's, so an answer recorded twice
 * writes one row.
 */
export function refusedNotice(
  entry: Pick<OutboxEntry, 'user_id' | 'id' | 'entity' | 'entity_id' | 'mutation'>,
  result: RejectedResult,
  at: Date,
): InboxNotification {
  const now = at.toISOString();
  return {
    id: entry.mutation.id,
    created_at: now,
    updated_at: now,
    user_id: entry.user_id,
    kind: 'sync_refused',
    subject_type: 'outbox',
    subject_id: String(entry.id),
    actor_id: null,
    params: {
      message: notificationExcerpt(rejectionText(result)),
      path: refusedFixPath(entry),
    },
    priority: 'normal',
    read_at: null,
  };
}

/** Where an inbox row opens: the contract's screen, or for a refusal the record to fix. */
export function inboxPath(row: InboxNotification): string {
  const path = row.params['path'];
  if (row.kind === 'sync_refused' && typeof path === 'string' && path.startsWith('/')) {
    return path;
  }
  return notificationPath(row);
}
