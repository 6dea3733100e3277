import type Database from 'better-sqlite3';
import type { Tx } from './handles.js';
import { currentEngine } from './dialect.js';
import { run } from './statement.js';

interface Statements {
  begin: Database.Statement;
  release: Database.Statement;
  rollback: Database.Statement;
  totalChanges: Database.Statement<[], number>;
}

const cache = new WeakMap<Database.Database, Statements>();

function statements(client: Database.Database): Statements {
  let s = cache.get(client);
  if (s === undefined) {
    s = {
      begin: client.prepare('SAVEPOINT mutation'),
      release: client.prepare('RELEASE mutation'),
      rollback: client.prepare('ROLLBACK TO mutation'),
      totalChanges: client.prepare<[], number>('SELECT total_changes()').pluck(),
    };
    cache.set(client, s);
  }
  return s;
}

/**
 * Rows inserted, updated or deleted on this connection since it opened (never decreases, not
 * even on rollback): equal before and after a piece of work means that work wrote nothing.
 */
export function totalChanges(client: Database.Database): number {
  return statements(client).totalChanges.get() as number;
}

/**
 * PostgreSQL transactions whose last savepoint succeeded and is still open. Releasing it
 * is folded into the next savepoint's round trip (or into COMMIT, which keeps whatever an open
 * savepoint holds): a push batch opens one savepoint per mutation that writes more than once, and every statement
 * is a network round trip.
 */
const openSavepoints = new WeakSet<Tx>();

async function onPostgres<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  const wasOpen = openSavepoints.delete(tx);
  // No parameters, so pg sends it as one simple query: both statements in one round trip.
  await run(tx, wasOpen ? 'RELEASE SAVEPOINT mutation; SAVEPOINT mutation' : 'SAVEPOINT mutation');
  try {
    const result = await fn();
    openSavepoints.add(tx);
    return result;
  } catch (err) {
    await run(tx, 'ROLLBACK TO SAVEPOINT mutation; RELEASE SAVEPOINT mutation');
    throw err;
  }
}

/**
 * Runs `fn` inside a SAVEPOINT on the connection's open transaction: if it throws, only its own
 * writes are undone and the error is rethrown. On SQLite the statements are prepared once per
 * connection, because a push batch opens one savepoint per mutation. The connection is the caller's write
 * transaction, which nothing else uses until it commits, so `fn` may await. Not for nesting:
 * `fn` must not open another.
 */
export async function withSavepoint<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  if (currentEngine() === 'postgres') return onPostgres(tx, fn);
  const s = statements(tx.$client);
  s.begin.run();
  try {
    const result = await fn();
    s.release.run();
    return result;
  } catch (err) {
    s.rollback.run();
    s.release.run();
    throw err;
  }
}

/**
 * Whether the engine can tell cheaply that a piece of work wrote nothing (SQLite's
 * total_changes), to check that a handler said to write once did not write before refusing.
 */
export function canCountChanges(): boolean {
  return currentEngine() === 'sqlite';
}
