import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { schema } from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Resolved from the package root so it works from `src/db` (tests) and `dist/db` (built) alike. */
const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/**
 * Opens (creating if needed) the SQLite file with the settings every connection needs:
 * WAL so readers never wait for the writer, foreign keys enforced, a busy timeout so a second
 * process (the seed, a bench) waits instead of failing, and NORMAL sync, which in WAL mode
 * is durable against application crashes and loses at most the last commit on power loss.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return drizzle(sqlite, { schema });
}

export function migrateDatabase(db: Db): void {
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'urs.sqlite');
}
