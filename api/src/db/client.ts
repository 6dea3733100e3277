import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Mutex } from 'async-mutex';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { useEngine } from './dialect.js';
import { statement } from './prepared.js';
import { schema } from './schema.js';
import type { Db, Reader, Tx } from './handles.js';

const writers = new WeakMap<Db, Database.Database>();

/**
 * The SQLite connection that writes, for what only SQLite has: the engine's own tests (pragmas,
 * sqlite_master) and the bench's raw-driver baseline. Nothing in the API uses it.
 */
export function sqliteWriter(db: Db): Database.Database {
  const writer = writers.get(db);
  if (writer === undefined) throw new Error('not a SQLite database');
  return writer;
}

/** Resolved from the package root so it works from `src/db` (tests) and `dist/db` (built) alike. */
const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/**
 * WAL so readers never wait for the writer, foreign keys enforced, a busy timeout so a second
 * process (the seed, a bench, another API process) waits instead of failing, and NORMAL sync,
 * which in WAL mode is durable against application crashes and loses at most the last commit
 * on power loss.
 */
function connect(file: string): Tx {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return drizzle(sqlite, { schema });
}

/**
 * Runs `fn` between `begin` and COMMIT on `conn`, one caller at a time. better-sqlite3 runs
 * each statement synchronously, but `fn` awaits between them, and any other request's
 * statement sent on this connection meanwhile would land inside this transaction (and be
 * rolled back with it): hence a connection per kind of work and a lock around each.
 */
function serialised(conn: Tx, begin: string) {
  const lock = new Mutex();
  return <T>(fn: (tx: Tx) => Promise<T>): Promise<T> =>
    lock.runExclusive(async () => {
      conn.$client.exec(begin);
      try {
        const result = await fn(conn);
        conn.$client.exec('COMMIT');
        return result;
      } catch (err) {
        if (conn.$client.inTransaction) conn.$client.exec('ROLLBACK');
        throw err;
      }
    });
}

/**
 * Opens (creating if needed) the SQLite file on three connections: one for plain reads, which
 * in WAL mode always see the last commit; one for snapshots; one for writes, whose IMMEDIATE
 * transactions take SQLite's write lock up front, so what a transaction reads stays current
 * until it commits, even with a second process writing.
 */
export function openDatabase(file: string): Db {
  useEngine('sqlite');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const writer = connect(file);
  const reader = connect(file);
  const snapshotConn = connect(file);
  const write = serialised(writer, 'BEGIN IMMEDIATE');
  const snapshot = serialised(snapshotConn, 'BEGIN');
  const db = Object.assign(reader, {
    write,
    snapshot: <T>(fn: (r: Reader) => Promise<T>) => snapshot(fn),
    rows: <R>(text: string, params: readonly unknown[]) =>
      Promise.resolve(statement<unknown[], R>(reader, text).all(...params)),
    row: <R>(text: string, params: readonly unknown[]) =>
      Promise.resolve(statement<unknown[], R>(reader, text).get(...params)),
    ping: () => {
      reader.get(sql`SELECT 1`);
      return Promise.resolve();
    },
    migrate: () => {
      migrate(writer, { migrationsFolder: MIGRATIONS_DIR });
      return Promise.resolve();
    },
    location: file,
    close: () => {
      for (const conn of [snapshotConn, reader, writer]) conn.$client.close();
      return Promise.resolve();
    },
  });
  writers.set(db, writer.$client);
  return db;
}

export function migrateDatabase(db: Db): Promise<void> {
  return db.migrate();
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'urs.sqlite');
}
