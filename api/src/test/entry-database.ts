import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseFile, openDatabase } from '../db/client.js';
import type { Db } from '../db/handles.js';
import { openPostgres } from '../db/postgres.js';
import { createEmptyTestDatabase, removeDir, testEngine } from './databases.js';

/** A new, unmigrated database for a process entry to be pointed at, on the tests' engine. */
export interface EntryDatabase {
  /** What the entry's environment names it by: `DATA_DIR`, and `DATABASE_URL` on PostgreSQL. */
  vars: Record<string, string>;
  /** A connection of the test's own, to look at what the entry wrote (once it has migrated). */
  open(): Db;
  drop(): Promise<void>;
}

/**
 * SQLite: an empty `DATA_DIR`. PostgreSQL (URS_TEST_ENGINE=postgres): an empty database of its
 * own, as an operator's new district database is; the entry migrates either.
 */
export async function entryDatabase(): Promise<EntryDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-entry-'));
  if (testEngine === 'sqlite') {
    return {
      vars: { DATA_DIR: dataDir },
      open: () => openDatabase(databaseFile(dataDir)),
      drop: () => Promise.resolve(removeDir(dataDir)),
    };
  }
  const database = await createEmptyTestDatabase();
  return {
    vars: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    open: () => openPostgres(database.url, 2),
    async drop() {
      await database.drop();
      removeDir(dataDir);
    },
  };
}
