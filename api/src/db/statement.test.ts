import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestDatabase, testEngine, type TestDatabase } from '../test/databases.js';
import type { Tx } from './handles.js';
import { connectionOf } from './pg-connection.js';
import { rowsOf, run } from './statement.js';
import { FIRST_SCHOOL_ID } from './schools.js';

const opened: { dir: string; database: TestDatabase }[] = [];
async function fresh(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-statement-test-'));
  const database = await createTestDatabase(dir);
  opened.push({ dir, database });
  return database;
}
afterEach(async () => {
  for (const { dir, database } of opened.splice(0)) {
    await database.db.close();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const COUNTER = 'SELECT value FROM change_counter WHERE school_id = ?';

describe('plain statements inside a write transaction', () => {
  it('see the transaction’s own uncommitted writes and are undone with it', async () => {
    const { db } = await fresh();
    const [before] = await db.write((tx) =>
      rowsOf<{ value: number }>(tx, COUNTER, FIRST_SCHOOL_ID),
    );
    const failed = db.write(async (tx) => {
      expect(
        await run(
          tx,
          'UPDATE change_counter SET value = ? WHERE school_id = ?',
          4242,
          FIRST_SCHOOL_ID,
        ),
      ).toBe(1);
      const [inside] = await rowsOf<{ value: number }>(tx, COUNTER, FIRST_SCHOOL_ID);
      expect(Number(inside?.value)).toBe(4242);
      throw new Error('roll back');
    });
    await expect(failed).rejects.toThrow('roll back');
    const [after] = await db.write((tx) => rowsOf<{ value: number }>(tx, COUNTER, FIRST_SCHOOL_ID));
    expect(Number(after?.value)).toBe(Number(before?.value));
  });

  it('give the same answer when the same statement runs again on a reused connection', async () => {
    const { db } = await fresh();
    const values: number[] = [];
    for (let i = 0; i < 3; i++) {
      await db.write(async (tx) => {
        await run(
          tx,
          'UPDATE change_counter SET value = ? WHERE school_id = ?',
          100 + i,
          FIRST_SCHOOL_ID,
        );
        const [row] = await rowsOf<{ value: number }>(tx, COUNTER, FIRST_SCHOOL_ID);
        values.push(Number(row?.value));
      });
    }
    expect(values).toEqual([100, 101, 102]);
  });
});

interface PgExecutor {
  execute(query: SQL): Promise<{ rows: { id: string }[] }>;
}

describe.skipIf(testEngine !== 'postgres')('the connection of a PostgreSQL transaction', () => {
  it('is the one drizzle runs the transaction on', async () => {
    const { db } = await fresh();
    const [drizzleTx, ownConnection] = await db.write(async (tx) => {
      const viaDrizzle = await (tx as unknown as PgExecutor).execute(
        sql`SELECT txid_current()::text AS id`,
      );
      const direct = await connectionOf(tx).query<{ id: string }>(
        'SELECT txid_current()::text AS id',
      );
      return [viaDrizzle.rows[0]?.id, direct.rows[0]?.id];
    });
    expect(drizzleTx).toBeDefined();
    expect(ownConnection).toBe(drizzleTx);
  });

  it('is refused for a handle outside any transaction, which would write outside it', async () => {
    const { db } = await fresh();
    expect(() => connectionOf(db as unknown as Tx)).toThrow('not a PostgreSQL transaction');
  });
});
