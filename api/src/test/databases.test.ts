import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncedEntity } from '@urs/sync-protocol';
import { SYNCED_TABLES } from '../data/wire-json.js';
import { PG_MIGRATIONS_DIR } from '../db/postgres.js';
import { storedChangeBody } from '../db/stored-changes.js';
import { createTestDatabase, templateName, testEngine, type TestDatabase } from './databases.js';

/*
 * PostgreSQL test databases are copies of a migrated template (databases.ts). A copy must be
 * what migrating a new database gives: every migration recorded, every trigger function the
 * code renders, and nothing of another test's rows.
 */
describe.skipIf(testEngine !== 'postgres')('PostgreSQL test databases', () => {
  const open: TestDatabase[] = [];
  const clients: pg.Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.end();
    for (const database of open.splice(0)) {
      await database.db.close();
      await database.drop();
    }
  });

  async function connect(database: TestDatabase): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: database.db.location });
    await client.connect();
    clients.push(client);
    return client;
  }

  it('are copies of the current template, fully migrated, and each starts empty', async () => {
    const [first, second] = await Promise.all([
      createTestDatabase('unused'),
      createTestDatabase('unused'),
    ]);
    if (first === undefined || second === undefined) throw new Error('no database');
    open.push(first, second);
    const a = await connect(first);
    const b = await connect(second);

    const template = await a.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      templateName(),
    ]);
    expect(template.rowCount).toBe(1);

    const journal = JSON.parse(
      fs.readFileSync(path.join(PG_MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = await a.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]?.n).toBe(journal.entries.length);

    for (const entity of Object.keys(SYNCED_TABLES) as SyncedEntity[]) {
      const fn = await a.query<{ prosrc: string }>(
        "SELECT prosrc FROM pg_proc WHERE proname LIKE 'urs\\_%\\_wire\\_change' AND prosrc = $1",
        [storedChangeBody(entity)],
      );
      expect(fn.rowCount, entity).toBe(1);
    }

    // A row written in one copy is not in the other, nor in the next copy made.
    await a.query(
      "INSERT INTO areas (id, name, created_at, updated_at, change_seq) VALUES ('a1', 'Aula', now()::text, now()::text, 1)",
    );
    const third = await createTestDatabase('unused');
    open.push(third);
    const c = await connect(third);
    for (const client of [a, b, c]) {
      const areas = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM areas');
      expect(areas.rows[0]?.n).toBe(client === a ? 1 : 0);
    }
  });
});
