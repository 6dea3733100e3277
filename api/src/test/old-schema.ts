import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as sqliteMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { expect } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { createApp } from '../app.js';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { loadEnv } from '../env.js';
import type { Db } from '../db/handles.js';
import { openPostgres, PG_MIGRATIONS_DIR } from '../db/postgres.js';
import { createEmptyTestDatabase, testEngine } from './databases.js';
import { TEST_PASSWORD } from './harness.js';

/*
 * For upgrade tests: the schema a deployment upgrades from, built by the migrations before a
 * given one, holding a school's data as the code of that time wrote it.
 */

const SQLITE_MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** A copy of the migrations `from` whose journal ends just before `tag`. */
export function migrationsBefore(from: string, tag: string, dir: string): string {
  const copy = path.join(dir, path.basename(from));
  fs.cpSync(from, copy, { recursive: true });
  const journalFile = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return copy;
}

/**
 * Stand-ins for the `wire_change` triggers a running PostgreSQL deployment has on `tables`
 * (db/stored-changes.ts). The code of the time rendered them from its own builder, which today's
 * cannot reproduce on an older schema (it names columns that schema lacks); these mark every row
 * they write with text that is no change at all, so a pull after the upgrade that sent a stored
 * change start-up had not rewritten would not parse. Start-up finds none of its own functions
 * installed, installs them and rewrites every row.
 */
export async function standInWireTriggers(
  client: pg.ClientBase,
  tables: readonly string[],
): Promise<void> {
  await client.query(
    `CREATE FUNCTION urs_old_wire_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.wire_change := 'old'; RETURN NEW; END $$`,
  );
  for (const table of tables) {
    await client.query(
      `CREATE TRIGGER "urs_${table}_wire_change" BEFORE INSERT OR UPDATE ON "${table}" FOR EACH ROW EXECUTE FUNCTION urs_old_wire_change()`,
    );
  }
}

/** Runs one statement written with `?` placeholders on the old schema. */
export type OldSchemaExec = (text: string, ...params: unknown[]) => Promise<void>;

export interface UpgradeFrom<B> {
  /** The migration under test on each engine (its tag in the journal). */
  sqliteTag: string;
  pgTag: string;
  /** The tables that carried `wire_change` triggers on PostgreSQL before it. */
  pgWireTables: readonly string[];
  /** Fills the old schema with a school's data as the code of that time wrote it. */
  fill: (exec: OldSchemaExec) => Promise<B>;
  /** Registers what to undo after the test (the database, its handle). */
  onCleanup: (cleanUp: () => Promise<void> | void) => void;
  /** A scratch folder for the copied migrations and the SQLite file. */
  dir: string;
}

/**
 * The old schema (the migrations before the one under test) filled by `fill`, then the whole
 * upgrade as start-up runs it, on the engine the tests run on: the upgraded database and what
 * `fill` wrote.
 */
export async function upgradedFrom<B>(from: UpgradeFrom<B>): Promise<{ db: Db; before: B }> {
  return testEngine === 'postgres' ? upgradedPostgres(from) : upgradedSqlite(from);
}

async function upgradedSqlite<B>(from: UpgradeFrom<B>): Promise<{ db: Db; before: B }> {
  const file = path.join(from.dir, 'urs.sqlite');
  const old = new Database(file);
  sqliteMigrate(sqliteDrizzle(old), {
    migrationsFolder: migrationsBefore(SQLITE_MIGRATIONS_DIR, from.sqliteTag, from.dir),
  });
  const before = await from.fill((text, ...params) => {
    old.prepare(text).run(...params);
    return Promise.resolve();
  });
  old.close();
  const db = openDatabase(file);
  from.onCleanup(() => db.close());
  await migrateDatabase(db);
  return { db, before };
}

/** The old schema as a running deployment has it, with (stand-ins for) its wire_change triggers. */
async function upgradedPostgres<B>(from: UpgradeFrom<B>): Promise<{ db: Db; before: B }> {
  const empty = await createEmptyTestDatabase();
  from.onCleanup(() => empty.drop());
  const client = new pg.Client({ connectionString: empty.url });
  await client.connect();
  let before: B;
  try {
    await pgMigrate(pgDrizzle(client), {
      migrationsFolder: migrationsBefore(PG_MIGRATIONS_DIR, from.pgTag, from.dir),
    });
    await standInWireTriggers(client, from.pgWireTables);
    before = await from.fill(async (text, ...params) => {
      let n = 0;
      await client.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      );
    });
  } finally {
    await client.end();
  }
  const db = openPostgres(empty.url, 2);
  from.onCleanup(() => db.close());
  await db.migrate();
  return { db, before };
}

/** The API on an upgraded database, as start-up serves it, for a device's view after the upgrade. */
export function appOnUpgraded(db: Db, dir: string) {
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SCRYPT_LOG_N: '10' });
  const app = createApp({ db, env });
  const send = (p: string, init: { token?: string; json?: unknown; method?: string } = {}) => {
    const headers = new Headers();
    if (init.token !== undefined) headers.set('authorization', `Bearer ${init.token}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    return app.request(p, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers,
      body: init.json === undefined ? null : JSON.stringify(init.json),
    });
  };
  const signIn = async (email: string) => {
    const res = await send('/api/login', { json: { email, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  return { send, signIn };
}

/** The old schema's statements for a school's people and places, `?` placeholders. */
export const OLD_INSERT = {
  user: `INSERT INTO users (id, school_id, name, email, role, password_hash, created_at, updated_at, change_seq)
    VALUES (?, ?, ?, ?, ?, 'x', ?, ?, ?)`,
  area: `INSERT INTO areas (id, school_id, name, created_at, updated_at, change_seq) VALUES (?, ?, ?, ?, ?, ?)`,
};

/** Adds a second school (with its change counter) to an old schema; answers its id. */
export async function oldSecondSchool(exec: OldSchemaExec, at: string): Promise<string> {
  const other = newId();
  await exec(
    'INSERT INTO schools (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)',
    other,
    'SMP Lain',
    at,
    at,
  );
  await exec('INSERT INTO change_counter (school_id, value) VALUES (?, ?)', other, 1000);
  return other;
}
