import type Database from 'better-sqlite3';
import type { Reader, Tx } from './handles.js';
import { currentEngine } from './dialect.js';

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
const statementNames = new Map<string, string>();

/**
 * The server-side name of a query on PostgreSQL: one per key, so each pooled connection parses
 * and plans it once (pg remembers which names a connection has prepared) instead of on every
 * call. A key always builds the same SQL, which a name must never change.
 */
function postgresName(key: string): string {
  let name = statementNames.get(key);
  if (name === undefined) {
    name = `urs_q${statementNames.size + 1}`;
    statementNames.set(key, name);
  }
  return name;
}

const plainStatements = new Map<string, { name: string; text: string }>();

/**
 * A plain `?` statement as PostgreSQL takes it: numbered parameters and a name of its own, so
 * each pooled connection parses and plans it once.
 */
export function postgresStatement(sql: string): { name: string; text: string } {
  let named = plainStatements.get(sql);
  if (named === undefined) {
    let n = 0;
    named = { name: postgresName(`plain ${sql}`), text: sql.replace(/\?/g, () => `$${++n}`) };
    plainStatements.set(sql, named);
  }
  return named;
}

/**
 * A drizzle prepared query built once per connection and reused, for a per-request query whose
 * rows drizzle should still map (joins, JSON columns). Build it with `sql.placeholder`
 * parameters and hand back the builder unprepared; the key names the query. On PostgreSQL a
 * transaction is a new handle each time, so the query is rebuilt per transaction there, but it
 * runs as a named statement the connection has already parsed and planned.
 */
export function preparedQuery<D extends Reader, Q extends { prepare(): unknown }>(
  db: D,
  key: string,
  build: (db: D) => Q,
): ReturnType<Q['prepare']> {
  let cache = queries.get(db);
  if (cache === undefined) {
    cache = new Map();
    queries.set(db, cache);
  }
  let query = cache.get(key) as ReturnType<Q['prepare']> | undefined;
  if (query === undefined) {
    const builder = build(db);
    // The handle is typed for SQLite (db/handles.ts); PostgreSQL's builder takes the name.
    query = (
      currentEngine() === 'postgres'
        ? (builder as unknown as { prepare(name: string): unknown }).prepare(postgresName(key))
        : builder.prepare()
    ) as ReturnType<Q['prepare']>;
    cache.set(key, query);
  }
  return query;
}
