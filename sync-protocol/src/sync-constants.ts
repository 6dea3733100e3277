/*
 * The sync protocol's numbers and names, in a module that builds no schema: the web app's sync
 * engine reads them at start, and importing envelope.ts for them would build every contract
 * schema on the page's main thread then (docs/performance-log.md).
 */

/** Bumped when either end changes the wire format in a way the other must know about. */
export const PROTOCOL_VERSION = 1;
export const MAX_PUSH_MUTATIONS = 200;
export const MAX_PUSH_BYTES = 2 * 1024 * 1024;
/** What the server sends when a pull names no limit (devices have always named one). */
export const DEFAULT_PULL_LIMIT = 500;
export const MAX_PULL_LIMIT = 2000;
/**
 * The page size the web app asks for. Each page is a round trip, a statement and an answer with
 * costs of their own: on a phone link of 200-500 ms a first sync of 10,000 changes waits for 11
 * round trips instead of 21, and a full PostgreSQL pull took about an eighth less CPU than with
 * pages of 500 (docs/performance-log.md, hot paths round five). Each page is still one IndexedDB transaction the
 * device applies at once, twice the size: the first-sync bench at 4x CPU gave the same median
 * ratio to the raw write with either size.
 */
export const PULL_PAGE_SIZE = 1000;

export const SYNCED_ENTITIES = [
  'users',
  'areas',
  'categories',
  'reports',
  'report_photos',
  'report_events',
  'inventory_items',
  'stock_transactions',
  'item_requests',
  'announcements',
  'announcement_reads',
  // Decision 031: the inbox and the user's notification preferences.
  'notifications',
  'notification_prefs',
  'round_templates',
  'round_completions',
] as const;
export type SyncedEntity = (typeof SYNCED_ENTITIES)[number];
