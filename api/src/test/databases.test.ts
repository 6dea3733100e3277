import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncedEntity } from '@urs/sync-protocol';
import { SYNCED_TABLES } from '../data/wire-json.js';
import { PG_MIGRATIONS_DIR } from '../db/postgres.js';
import { storedChangeBody } from '../db/stored-changes.js';
import { createTestDatabase, templateName, testEngine, type TestDatabase } from './databases.js';
import { FIRST_SCHOOL_ID } from '../db/schools.js';

/*
 * PostgreSQL test databases are copies of a migrated template (databases.ts). The template
 * itself must be what migrating a new database gives: every migration recorded, every trigger
 * function the code renders, the C collation. A copy is checked here as it comes from the
 * template, before the start-up migration that every test database also runs.
 */
describe.skipIf(testEngine !== 'postgres')('PostgreSQL test databases', () => {
  const admin = process.env['TEST_DATABASE_URL'] ?? '';
  const open: TestDatabase[] = [];
  const clients: pg.Client[] = [];
  const raw: string[] = [];

  async function connect(url: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    return client;
  }
  const urlOf = (name: string) => Object.assign(new URL(admin), { pathname: `/${name}` }).href;

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.end();
    for (const database of open.splice(0)) {
      await database.db.close();
      await database.drop();
    }
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    for (const name of raw.splice(0)) await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.end();
  });

  it('copy a template that is already fully migrated, in the C collation', async () => {
    // The first test database of the process makes sure the template exists.
    open.push(await createTestDatabase('unused'));
    const name = `urs_test_raw_${process.pid}`;
    raw.push(name);
    const adminClient = await connect(admin);
    await adminClient.query(`CREATE DATABASE ${name} TEMPLATE ${templateName(admin)}`);
    const copy = await connect(urlOf(name));

    const journal = JSON.parse(
      fs.readFileSync(path.join(PG_MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = await copy.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
    for (const entity of Object.keys(SYNCED_TABLES) as SyncedEntity[]) {
      const fn = await copy.query(
        "SELECT 1 FROM pg_proc WHERE proname LIKE 'urs\\_%\\_wire\\_change' AND prosrc = $1",
        [storedChangeBody(entity)],
      );
      expect(fn.rowCount, entity).toBe(1);
    }
    const collation = await copy.query<{ datcollate: string }>(
      'SELECT datcollate FROM pg_database WHERE datname = current_database()',
    );
    expect(collation.rows[0]?.datcollate).toBe('C');
  });

  it('each start empty: a row written in one is in no other', async () => {
    const made = await Promise.allSettled([
      createTestDatabase('unused'),
      createTestDatabase('unused'),
    ]);
    for (const result of made) if (result.status === 'fulfilled') open.push(result.value);
    const [first, second] = open;
    if (made.length !== open.length || first === undefined || second === undefined) {
      throw new Error('a test database was not made');
    }
    const a = await connect(first.db.location);
    await a.query(
      "INSERT INTO areas (id, school_id, name, created_at, updated_at, change_seq) VALUES ('a1', $1, 'Aula', now()::text, now()::text, 1)",
      [FIRST_SCHOOL_ID],
    );
    const third = await createTestDatabase('unused');
    open.push(third);
    for (const [database, expected] of [
      [first, 1],
      [second, 0],
      [third, 0],
    ] as const) {
      const client = await connect(database.db.location);
      const areas = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM areas');
      expect(areas.rows[0]?.n).toBe(expected);
    }
  });
});
