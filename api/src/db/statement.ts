import type pg from 'pg';
import type { Tx } from './handles.js';
import { currentEngine } from './dialect.js';
import { connectionOf } from './pg-connection.js';
import { postgresStatement, statement } from './prepared.js';

/*
 * Plain SQL for the few statements a push batch runs per mutation, written once for both
 * engines with `?` placeholders. On SQLite they run as better-sqlite3 statements prepared once
 * per connection (db/prepared.ts: drizzle's per-call mapping cost a third of SQLite's own time);
 * on PostgreSQL as named statements on the transaction's own connection, parsed and planned
 * once per connection (drizzle's `execute` sent them unnamed: parsed and planned per row, and
 * rebuilt as drizzle SQL on every call). Quote camelCase aliases ("lastSeq"): PostgreSQL folds
 * unquoted names to lower case.
 */

/**
 * One statement on the transaction's connection. Without parameters it goes as a simple query,
 * which may hold several statements in one round trip (savepoints use that).
 */
function onPostgres(tx: Tx, text: string, params: readonly unknown[]): Promise<pg.QueryResult> {
  const connection = connectionOf(tx);
  if (params.length === 0) return connection.query(text);
  return connection.query({ ...postgresStatement(text), values: [...params] });
}

/*
 * Not async functions: a push runs them for every mutation, and on SQLite an async function's
 * frame and promise per call were a visible share of the batch's garbage.
 */

/** Rows of a read inside the write transaction `tx`. */
export function rowsOf<R>(tx: Tx, text: string, ...params: unknown[]): Promise<R[]> {
  if (currentEngine() === 'sqlite') {
    return Promise.resolve(statement<unknown[], R>(tx, text).all(...params));
  }
  return onPostgres(tx, text, params).then((result) => result.rows as R[]);
}

/** A write inside `tx`; how many rows it inserted, updated or deleted. */
export function run(tx: Tx, text: string, ...params: unknown[]): Promise<number> {
  return Promise.resolve(runNow(tx, text, ...params));
}

/**
 * run() for a caller that can go on without awaiting: SQLite's count at once, PostgreSQL's as
 * a promise. For the hottest write of a push (report.create), whose mutation then completes
 * with no promise at all.
 */
export function runNow(tx: Tx, text: string, ...params: unknown[]): number | Promise<number> {
  if (currentEngine() === 'sqlite') return statement<unknown[]>(tx, text).run(...params).changes;
  return onPostgres(tx, text, params).then((result) => result.rowCount ?? 0);
}
