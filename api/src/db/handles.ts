import type Database from 'better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { schema } from './schema.js';

/** A connection inside its write transaction: the only handle that may change rows. */
export type Tx = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** What reads may use: the query builder without any way to write or to open a transaction. */
export type Reader = Omit<Tx, 'insert' | 'update' | 'delete' | 'run' | 'transaction' | '$client'>;

/**
 * The database as the API sees it. Reads go straight through (`db.select()...`, awaited);
 * every write happens inside `write`, one transaction at a time; `snapshot` reads several
 * queries as of one instant. Routes and services never hold a connection of their own, so the
 * same code can sit on a pool of PostgreSQL connections.
 */
export interface Db extends Reader {
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  snapshot<T>(fn: (reader: Reader) => Promise<T>): Promise<T>;
  /**
   * The rows of one plain SQL read (`?` placeholders, columns aliased as the caller wants them),
   * prepared once per connection, with no query builder or row mapping in between: for the
   * few reads every request makes (the guard's session lookup). Everything else uses the
   * query builder.
   */
  rows<R>(text: string, params: readonly unknown[]): Promise<R[]>;
  /** The first row of such a read, for a statement that finds at most one: no array built. */
  row<R>(text: string, params: readonly unknown[]): Promise<R | undefined>;
  /** Answers once the database does (health check, start-up). */
  ping(): Promise<void>;
  /** Applies pending migrations; the API does it at start. */
  migrate(): Promise<void>;
  /** Where a second process (or a restart) finds the same database: a file or a URL. */
  readonly location: string;
  close(): Promise<void>;
}
