import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../db/client.js';
import { openPostgres } from '../db/postgres.js';

/**
 * Where the API tests run: SQLite files by default; PostgreSQL when URS_TEST_ENGINE=postgres,
 * on the server TEST_DATABASE_URL names (its database is only used to create and drop the
 * tests' own). Every test app gets a database of its own, named uniquely, dropped when it closes.
 */
export const testEngine = process.env['URS_TEST_ENGINE'] === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  db: Db;
  /** Opens another connection (pool) to the same database, as a second process would. */
  reopen(): Db;
  drop(): Promise<void>;
}

export async function createTestDatabase(
  dataDir: string,
  engine: 'sqlite' | 'postgres' = testEngine,
  admin = process.env['TEST_DATABASE_URL'],
): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const file = path.join(dataDir, 'test.sqlite');
    const db = openDatabase(file);
    await db.migrate();
    return { db, reopen: () => openDatabase(file), drop: () => Promise.resolve() };
  }
  if (admin === undefined || admin === '') {
    throw new Error('URS_TEST_ENGINE=postgres needs TEST_DATABASE_URL (a role that may CREATEDB)');
  }
  const name = `urs_test_${process.pid}_${randomBytes(5).toString('hex')}`;
  await adminQuery(
    admin,
    // C collation: text sorts by code point, as SQLite's BINARY does.
    `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'`,
  );
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = openPostgres(url.href, 4);
  await db.migrate();
  return {
    db,
    reopen: () => openPostgres(url.href, 4),
    drop: () => dropDatabase(admin, name),
  };
}

/**
 * A closed pool's server processes may still be exiting when DROP DATABASE runs, which then
 * fails (in use, or FORCE refused to signal a process that is already going): try again. An
 * autovacuum worker in the database (after a bench's 200,000 inserts, say) is refused to FORCE
 * on PostgreSQL 15 unless the role is a member of pg_signal_backend (the local test role is:
 * api/test-role.sql); for any other role the drop waits for it, backing off up to about a
 * minute in all.
 */
async function dropDatabase(admin: string, name: string): Promise<void> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (err) {
      if (Date.now() - started > 60_000) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.min(20 * attempt, 1_000)));
    }
  }
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
