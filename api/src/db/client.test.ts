import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newId, SYNCED_ENTITIES } from '@urs/sync-protocol';
import { nextChangeSeq, nowIso } from './change-seq.js';
import { migrateDatabase, openDatabase, sqliteWriter } from './client.js';
import type { Db } from './handles.js';
import { areas } from './schema.js';
import { testEngine } from '../test/databases.js';
import { FIRST_SCHOOL_ID } from './schools.js';

const dirs: string[] = [];
async function freshDb(): Promise<{ db: Db; file: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-db-test-'));
  dirs.push(dir);
  const file = path.join(dir, 'nested', 'urs.sqlite');
  const db = openDatabase(file);
  await migrateDatabase(db);
  return { db, file };
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(testEngine !== 'sqlite')('database client (SQLite)', () => {
  it('opens in WAL mode with foreign keys enforced', async () => {
    const { db } = await freshDb();
    expect(sqliteWriter(db).pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqliteWriter(db).pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('applies migrations idempotently: a second start changes nothing', async () => {
    const { db, file } = await freshDb();
    const tables = () =>
      sqliteWriter(db)
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .pluck()
        .all();
    const before = tables();
    expect(before).toEqual(
      // Every entity the devices sync has its table, beside the server's own bookkeeping.
      expect.arrayContaining([...SYNCED_ENTITIES, 'sessions', 'sync_clients', 'change_counter']),
    );
    await db.close();
    const again = openDatabase(file);
    await migrateDatabase(again);
    expect(
      sqliteWriter(again)
        .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'")
        .pluck()
        .get(),
    ).toBe(before.length);
    await again.close();
  });

  it('hands out change_seq values that only grow, across tables and restarts', async () => {
    const { db, file } = await freshDb();
    const seen = [
      await db.write((tx) => nextChangeSeq(tx, FIRST_SCHOOL_ID)),
      await db.write((tx) => nextChangeSeq(tx, FIRST_SCHOOL_ID)),
    ];
    await db.write(async (tx) => {
      const now = nowIso();
      await tx.insert(areas).values({
        id: newId(),
        schoolId: FIRST_SCHOOL_ID,
        name: 'Aula',
        createdAt: now,
        updatedAt: now,
        changeSeq: await nextChangeSeq(tx, FIRST_SCHOOL_ID),
      });
    });
    await db.close();
    const again = openDatabase(file);
    const [area] = await again.select().from(areas);
    seen.push(area?.changeSeq ?? -1, await again.write((tx) => nextChangeSeq(tx, FIRST_SCHOOL_ID)));
    expect(seen).toEqual([1, 2, 3, 4]);
    await again.close();
  });

  it('refuses a row that names a missing parent', async () => {
    const { db } = await freshDb();
    const insert = () =>
      sqliteWriter(db)
        .prepare(
          `INSERT INTO sessions (id, user_id, token_hash, created_at, last_used_at, expires_at)
           VALUES ('s', 'no-such-user', 'h', 'x', 'x', 'x')`,
        )
        .run();
    expect(insert).toThrow(/FOREIGN KEY/);
  });
});
