import pg from 'pg';
import type { Tx } from './handles.js';

/** What drizzle's node-postgres transaction holds: its session, on the connection it checked out. */
interface NodePgTransactionShape {
  session?: { client?: unknown };
}

/**
 * The pooled connection a PostgreSQL write transaction runs on, for statements sent without
 * drizzle (db/statement.ts): the push's per-mutation statements run there as named statements,
 * which the connection parses and plans once, where drizzle's `execute` sends each as an
 * unnamed one, parsed and planned on every call. drizzle keeps the connection on the
 * transaction's session and has no public accessor for it, hence the checks: a handle that is
 * not inside a transaction (the pool itself) would send the statement outside it, so it fails
 * loudly instead.
 */
export function connectionOf(tx: Tx): pg.ClientBase {
  const client = (tx as unknown as NodePgTransactionShape).session?.client;
  if (client instanceof pg.Pool || !(client instanceof pg.Client)) {
    throw new Error('not a PostgreSQL transaction: statements must run on its own connection');
  }
  return client;
}
