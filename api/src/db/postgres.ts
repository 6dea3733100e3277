import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db, Reader, Tx } from './handles.js';
import { useEngine } from './dialect.js';
import { postgresStatement } from './prepared.js';
import { installStoredChanges } from './stored-changes.js';

/** Any constant shared by every URS process: the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 7_240_011;
/** Longest wait for a connection, new or from the pool's queue. */
const CONNECT_TIMEOUT_MS = 10_000;

/** PostgreSQL's migrations (drizzle's SQL files and journal). */
export const PG_MIGRATIONS_DIR = fileURLToPath(
  new URL('../../src/db/migrations-pg', import.meta.url),
);

/*
 * bigint counts, sums and change_seqs arrive as numbers, as they do from SQLite (all < 2^53).
 * Set on the driver itself: drizzle's node-postgres session passes its own type parsers per
 * query and falls back to these, not to a pool's. A process uses one engine, so this touches
 * nothing else.
 */
const INT8 = 20;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, Number);
pg.types.setTypeParser(NUMERIC, Number);

/**
 * The same Db on a pool of PostgreSQL connections. Queries are written once against the
 * SQLite-typed schema (schema.ts); the tables PostgreSQL holds are derived from it
 * (schema.pg.ts) with the same names, so drizzle renders the same statements for both, and
 * the few that differ come from db/dialect.ts.
 *
 * write: a READ COMMITTED transaction on one pooled connection; what must be serialised (the
 * change counter) is serialised by a row lock inside it (db/change-seq.ts).
 * snapshot: a REPEATABLE READ, READ ONLY transaction, so several queries see one instant.
 */
export function openPostgres(url: string, poolSize = 10): Db {
  useEngine('postgres');
  // A server that stops answering (a partition, a host gone) must not hold requests for the
  // kernel's TCP timeout: after this long the checkout fails, and is answered 503 (unavailable.ts).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error('[api] idle PostgreSQL connection failed:', err.message));
  // Nor one checked out between two statements of a transaction (PostgreSQL restarting under
  // load, issue 43): node-postgres then emits 'error' on the client itself, and the pool
  // listens only while it is idle, so without this the process died. Its next statement fails
  // (`not queryable`), answered 503, and the pool replaces the client when it is released.
  pool.on('connect', (connection) => {
    connection.on('error', (err) => {
      console.error('[api] PostgreSQL connection in use failed:', err.message);
    });
  });
  const client = drizzle(pool);
  const asReader = client as unknown as Reader;
  const rows = async <R>(text: string, params: readonly unknown[]) => {
    const named = postgresStatement(text);
    const result = await pool.query({ ...named, values: [...params] });
    return result.rows as R[];
  };
  return Object.assign(Object.create(asReader) as Reader, {
    write: <T>(fn: (tx: Tx) => Promise<T>) => client.transaction((tx) => fn(tx as unknown as Tx)),
    snapshot: <T>(fn: (reader: Reader) => Promise<T>) =>
      client.transaction((tx) => fn(tx as unknown as Reader), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      }),
    rows,
    row: async <R>(text: string, params: readonly unknown[]) => (await rows<R>(text, params))[0],
    ping: async () => {
      await pool.query('SELECT 1');
    },
    migrate: async () => {
      // Several processes may start at once: one migrates while the others wait here, then
      // find nothing left to do. The pull's stored changes are kept in step with the code
      // under the same lock (db/stored-changes.ts).
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrate(client, { migrationsFolder: PG_MIGRATIONS_DIR });
        await installStoredChanges(lock);
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    location: url,
    close: async () => {
      // Idempotent: a test may close a broken app before its cleanup closes it again.
      if (!pool.ended) await pool.end();
    },
  });
}
