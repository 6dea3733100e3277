import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { SyncedEntity } from '@urs/sync-protocol';
import { openDatabase } from '../db/client.js';
import type { Db } from '../db/handles.js';
import { openPostgres, PG_MIGRATIONS_DIR } from '../db/postgres.js';
import { storedChangeBody } from '../db/stored-changes.js';
import { SYNCED_TABLES } from '../data/wire-json.js';

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
    fs.copyFileSync(await sqliteTemplate(), file);
    const db = openDatabase(file);
    // Finds nothing left to do on the copy, but runs the start-up path all the same.
    await db.migrate();
    return { db, reopen: () => openDatabase(file), drop: () => Promise.resolve() };
  }
  if (admin === undefined || admin === '') {
    throw new Error('URS_TEST_ENGINE=postgres needs TEST_DATABASE_URL (a role that may CREATEDB)');
  }
  const name = `urs_test_${process.pid}_${randomBytes(5).toString('hex')}`;
  await copyOfTemplate(admin, name);
  const url = databaseUrl(admin, name);
  const db = openPostgres(url, 4);
  // Finds nothing left to do on a current template, but runs the start-up path all the same.
  await db.migrate();
  return {
    db,
    reopen: () => openPostgres(url, 4),
    drop: () => dropDatabase(admin, name),
  };
}

/*
 * Every SQLite test database is a copy of one file migrated once per test process. Migrating a
 * new file cost 130-210 ms of CPU (19 migrations), for each of the suites' thousand-odd test
 * apps and each convergence case; a copy costs about a millisecond.
 */
let sqliteTemplateFile: Promise<string> | undefined;

function sqliteTemplate(): Promise<string> {
  sqliteTemplateFile ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-sqlite-template-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'template.sqlite');
    const db = openDatabase(file);
    try {
      await db.migrate();
    } finally {
      // The last connection to close checkpoints the WAL into the file and removes it.
      await db.close();
    }
    return file;
  })();
  return sqliteTemplateFile;
}

/**
 * An empty, unmigrated PostgreSQL database with the test databases' options, for a test that
 * builds an older schema itself (an upgrade test); dropped by `drop`.
 */
export async function createEmptyTestDatabase(
  admin = process.env['TEST_DATABASE_URL'],
): Promise<{ url: string; drop(): Promise<void> }> {
  if (admin === undefined || admin === '') {
    throw new Error('an empty PostgreSQL test database needs TEST_DATABASE_URL');
  }
  const name = `urs_test_${process.pid}_${randomBytes(5).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE template0 ${DATABASE_OPTIONS}`);
  return { url: databaseUrl(admin, name), drop: () => dropDatabase(admin, name) };
}

/*
 * Every PostgreSQL test database is a copy of one migrated template. Creating a database from
 * template0 and migrating it cost 0.55-0.8 s, mostly the server's CPU, for each of the API
 * suites' several hundred tests; a copy of the migrated template costs 0.15-0.33 s. The
 * template is named after a hash of what it is made from (templateName), so a change to any of
 * it makes a new one, and is kept between runs; its owner's templates of other hashes are
 * dropped when a new one is made.
 */
const TEMPLATE_LOCK = 7_240_012;
const TEMPLATE_PREFIX = 'urs_template_';
const templates = new Map<string, Promise<string>>();

function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * The options of every test database, the template's own (copies inherit them). C collation:
 * text sorts by code point, as SQLite's BINARY does.
 */
const DATABASE_OPTIONS = "ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'";

/**
 * The template's name: a hash of everything a migrated database is made from (the migrations,
 * the stored-change triggers' code and bodies, the database's options) and of the role that
 * owns it, since only its owner (or a superuser) may copy a database that is not marked a
 * template.
 */
export function templateName(admin: string): string {
  const hash = createHash('sha256');
  const files = fs
    .readdirSync(PG_MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => fs.statSync(path.join(PG_MIGRATIONS_DIR, file)).isFile())
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`).update(fs.readFileSync(path.join(PG_MIGRATIONS_DIR, file)));
  }
  // The trigger's statement lives beside its body's builder: db/stored-changes.ts.
  hash.update(fs.readFileSync(path.join(PG_MIGRATIONS_DIR, '..', 'stored-changes.ts')));
  for (const entity of Object.keys(SYNCED_TABLES) as SyncedEntity[]) {
    hash.update(`${entity}\0${storedChangeBody(entity)}`);
  }
  hash.update(`${DATABASE_OPTIONS}\0${decodeURIComponent(new URL(admin).username)}`);
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 20)}`;
}

async function copyOfTemplate(admin: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    let template = templates.get(admin);
    if (template === undefined) {
      const building = migratedTemplate(admin);
      templates.set(admin, building);
      // A failed build is not kept: the next test tries again.
      building.catch(() => forget(admin, building));
      template = building;
    }
    try {
      await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${await template}`);
      return;
    } catch (err) {
      // Another run on this server (an older checkout) replaced the template: make it again.
      if (attempt > 1 || (err as { code?: string }).code !== UNDEFINED_DATABASE) throw err;
      forget(admin, template);
    }
  }
}

/** Forgets a template build, unless another test has already started a newer one. */
function forget(admin: string, build: Promise<string>): void {
  if (templates.get(admin) === build) templates.delete(admin);
}

const UNDEFINED_DATABASE = '3D000';
const DUPLICATE_DATABASE = '42P04';

/**
 * Makes the template if this server lacks it, under an advisory lock: the API's test workers
 * and the scripts' suites start at once, and only one of them builds it.
 */
async function migratedTemplate(admin: string): Promise<string> {
  const template = templateName(admin);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount !== 0) return template;
    // Built under another name and renamed when whole, so a crash mid-way leaves no template.
    const building = `${template}_build`;
    await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${building} TEMPLATE template0 ${DATABASE_OPTIONS}`);
    const db = openPostgres(databaseUrl(admin, building), 2);
    try {
      await db.migrate();
    } finally {
      await db.close();
    }
    try {
      await client.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } catch (err) {
      // A builder the lock did not exclude (its admin URL named another database: advisory
      // locks are per database) finished first: its template is the same.
      if ((err as { code?: string }).code !== DUPLICATE_DATABASE) throw err;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      return template;
    }
    const stale = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database
        WHERE starts_with(datname, $1) AND datname <> $2 AND datdba = (SELECT oid FROM pg_roles WHERE rolname = current_user)`,
      [TEMPLATE_PREFIX, template],
    );
    for (const { datname } of stale.rows) {
      // Best effort: one still being copied stays until the next new template.
      await client.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    }
    return template;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await client.end();
  }
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
