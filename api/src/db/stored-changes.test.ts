import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { putChangeJson } from '../data/wire-json.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { testEngine } from '../test/databases.js';
import { nextChangeSeq } from './change-seq.js';
import { jsonAsText } from './dialect.js';
import { plainQuery } from './plain-query.js';
import * as t from './schema.js';
import { installStoredChanges, storedChangeBody } from './stored-changes.js';
import { FIRST_SCHOOL_ID } from './schools.js';

/*
 * PostgreSQL keeps each synced row's put change beside it (stored-changes.ts). The pull reads
 * it, and falls back to building it for a row without one, so these tests check the stored
 * text itself: written on insert and update, put right when the code's JSON changes, and what
 * the pull actually sends.
 */

const AWKWARD = 'Kutip " miring \\ \n\t \u0001 é 😀';

let app: TestApp;
let client: pg.Client;

beforeEach(async () => {
  app = await makeTestApp();
  client = new pg.Client({ connectionString: app.db.location });
  await client.connect();
});
afterEach(async () => {
  await client.end();
  await app.close();
});

async function addArea(name: string): Promise<string> {
  const id = newId();
  const at = '2026-11-23T07:08:09.123Z';
  await app.db.write(async (tx) => {
    const changeSeq = await nextChangeSeq(tx, FIRST_SCHOOL_ID);
    await tx.insert(t.areas).values({
      id,
      schoolId: FIRST_SCHOOL_ID,
      name,
      description: null,
      active: true,
      createdAt: at,
      updatedAt: at,
      changeSeq,
    });
  });
  return id;
}

/** The area's stored change beside the one the builder makes of the row as it is now. */
async function storedAndBuilt(id: string) {
  const query = plainQuery<{ stored: string | null; built: string }>(
    sql`SELECT ${t.areas}."wire_change" AS stored, ${jsonAsText(putChangeJson('areas'))} AS built FROM ${t.areas} WHERE ${t.areas.id} = ${id}`,
  );
  const [row] = await query.rows(app.db, {});
  if (row === undefined) throw new Error('area missing');
  return row;
}

describe.skipIf(testEngine !== 'postgres')('stored put changes on PostgreSQL', () => {
  it('writes the change on insert and rewrites it on every update, escaped as the builder escapes', async () => {
    const id = await addArea(AWKWARD);
    const first = await storedAndBuilt(id);
    expect(first.stored).toBe(first.built);
    expect(JSON.parse(first.built)).toMatchObject({
      entity: 'areas',
      op: 'put',
      row: { name: AWKWARD },
    });

    await app.db.write(async (tx) => {
      const changeSeq = await nextChangeSeq(tx, FIRST_SCHOOL_ID);
      await tx
        .update(t.areas)
        .set({ name: 'Taman', active: false, changeSeq })
        .where(eq(t.areas.id, id));
    });
    const second = await storedAndBuilt(id);
    expect(second.stored).toBe(second.built);
    expect(JSON.parse(second.built)).toMatchObject({ row: { name: 'Taman', active: false } });
  });

  it('puts an out-of-date trigger and every row it wrote right at the next start', async () => {
    const id = await addArea('Lapangan');
    // As a deployment whose JSON differed would have left it.
    await client.query(`CREATE OR REPLACE FUNCTION urs_areas_wire_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.wire_change := '{"old":true}'; RETURN NEW; END $$`);
    await client.query('UPDATE areas SET wire_change = NULL');
    expect((await storedAndBuilt(id)).stored).toBe('{"old":true}');

    await installStoredChanges(client);

    const { stored, built } = await storedAndBuilt(id);
    expect(stored).toBe(built);
    const installed = await client.query<{ prosrc: string }>(
      `SELECT prosrc FROM pg_proc WHERE proname = 'urs_areas_wire_change'`,
    );
    expect(installed.rows[0]?.prosrc).toBe(storedChangeBody('areas'));
  });

  it('leaves an up-to-date trigger and its rows alone', async () => {
    await addArea('Kantin');
    const before = await client.query<{ xmin: string }>('SELECT xmin::text FROM areas');
    await installStoredChanges(client);
    const after = await client.query<{ xmin: string }>('SELECT xmin::text FROM areas');
    expect(after.rows).toEqual(before.rows);
  });

  it('is what the pull sends for a row that has it, and the pull builds the change for a row without', async () => {
    const { token } = await app.signIn('admin');
    const kept = await addArea('Perpustakaan');
    const missing = await addArea('Gudang');
    // Only the trigger could tell the two apart otherwise: mark the kept row's stored text.
    await client.query('ALTER TABLE areas DISABLE TRIGGER urs_areas_wire_change');
    await client.query(
      `UPDATE areas SET wire_change = replace(wire_change, 'Perpustakaan', 'Disimpan') WHERE id = $1`,
      [kept],
    );
    await client.query('UPDATE areas SET wire_change = NULL WHERE id = $1', [missing]);
    await client.query('ALTER TABLE areas ENABLE TRIGGER urs_areas_wire_change');

    const res = await app.request('/api/sync/pull?limit=500', { token });
    const body = (await res.json()) as { changes: { id: string; row?: { name: string } }[] };
    const names = new Map(body.changes.map((c) => [c.id, c.row?.name]));
    expect(names.get(kept)).toBe('Disimpan');
    expect(names.get(missing)).toBe('Gudang');
  });
});
