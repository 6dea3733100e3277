import type { MutationName } from '@urs/sync-protocol';
import type { HandlerMap } from './context.js';
import { announcementHandlers } from './announcements.js';
import { inventoryHandlers } from './inventory.js';
import { jobHandlers } from './jobs.js';
import { reportHandlers } from './reports.js';
import { requestHandlers } from './requests.js';
import { notificationHandlers } from './notifications.js';
import { roundHandlers } from './rounds.js';

/** Every mutation name has exactly one handler; the type makes a missing one a compile error. */
export const HANDLERS: HandlerMap = {
  ...reportHandlers,
  ...jobHandlers,
  ...inventoryHandlers,
  ...requestHandlers,
  ...announcementHandlers,
  ...notificationHandlers,
  ...roundHandlers,
};

/**
 * How each handler writes, which decides whether its mutation pays for a savepoint (the
 * dearest step of a push: SQLite copies every page the mutation touches into a sub-journal).
 *
 * - `'one'`: read-only checks, any of which may refuse, then its writes, none of which refuses:
 *   at most ONE write statement, or several after every check has passed (the job mutations:
 *   all they read is read and judged first). A refusal can only come before the first write,
 *   so there is nothing to undo, and a failing statement aborts the whole batch anyway. The
 *   notifications an event writes (services/notify.ts) come after its write and refuse nothing.
 * - `'many'`: anything else (a check after a write): runs in a savepoint.
 *
 * The type makes every mutation choose. A wrong `'one'` cannot half-apply a mutation: push.ts
 * checks that a refused `'one'` handler changed no row and otherwise fails the whole batch.
 */
export const HANDLER_WRITES: { readonly [N in MutationName]: 'one' | 'many' } = {
  'report.create': 'one',
  'report.update': 'one',
  /** Every check first, then the report and its timeline event. */
  'report.set_status': 'one',
  'report.set_admin_note': 'one',
  /** Every check first, then the report, its photos and events, a release, its event. */
  'report.set_job': 'one',
  /** As report.set_job. */
  'report.hand_back': 'one',
  /** One insert; a repeat finds its id taken and writes nothing. */
  'comment.create': 'one',
  /** The report and each of its photos become tombstones. */
  'report.delete': 'many',
  'photo.attach': 'one',
  'photo.remove': 'one',
  /** The item, then its opening stock transaction and the stock it moves. */
  'item.create': 'many',
  'item.update': 'one',
  'item.delete': 'one',
  /** The transaction row and the item's stock. */
  'stock.record': 'many',
  'request.create': 'one',
  'request.approve': 'one',
  'request.reject': 'one',
  'announcement.create': 'one',
  'announcement.update': 'one',
  'announcement.delete': 'one',
  'announcement.mark_read': 'one',
  'notification.read': 'one',
  /** One update per notification it marks. */
  'notification.read_all': 'many',
  'notification_prefs.set': 'one',
  /** Reads (template, versions, the closing completion, uploads), then one insert. */
  'round.complete': 'one',
};
