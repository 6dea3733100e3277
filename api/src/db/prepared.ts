import type { Db } from './client.js';

const caches = new WeakMap<Db, Map<string, unknown>>();

/**
 * A drizzle prepared query built once per connection and reused. Building SQL and preparing the
 * statement cost far more than running it, and a push batch runs the same few statements
 * hundreds of times. The key names the query; build it with `sql.placeholder` parameters.
 */
export function preparedQuery<T>(db: Db, key: string, build: (db: Db) => T): T {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new Map();
    caches.set(db, cache);
  }
  let query = cache.get(key) as T | undefined;
  if (query === undefined) {
    query = build(db);
    cache.set(key, query);
  }
  return query;
}
