import type Database from 'better-sqlite3';
import type { Reader, Tx } from './client.js';

const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * A better-sqlite3 statement prepared once per connection and reused, for the few statements a
 * push batch runs for every mutation. Preparing costs far more than running; and drizzle's own
 * prepared queries still resolve every placeholder and re-map every row on each call, which
 * measured about a third of SQLite's own time for an insert. Keep the SQL next to its caller and
 * bind parameters positionally (named binding measured slower still); write everything that is
 * not on that hot path with drizzle's query builder as usual.
 */
export function statement<P extends unknown[] = unknown[], R = unknown>(
  db: Tx,
  sql: string,
): Database.Statement<P, R> {
  let cache = caches.get(db.$client);
  if (cache === undefined) {
    cache = new Map();
    caches.set(db.$client, cache);
  }
  let prepared = cache.get(sql);
  if (prepared === undefined) {
    prepared = db.$client.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared as Database.Statement<P, R>;
}

const queries = new WeakMap<Reader, Map<string, unknown>>();

/**
 * A drizzle prepared query built once per connection and reused, for a per-request query whose
 * rows drizzle should still map (joins, JSON columns). Build it with `sql.placeholder`
 * parameters; the key names the query.
 */
export function preparedQuery<D extends Reader, T>(db: D, key: string, build: (db: D) => T): T {
  let cache = queries.get(db);
  if (cache === undefined) {
    cache = new Map();
    queries.set(db, cache);
  }
  let query = cache.get(key) as T | undefined;
  if (query === undefined) {
    query = build(db);
    cache.set(key, query);
  }
  return query;
}
