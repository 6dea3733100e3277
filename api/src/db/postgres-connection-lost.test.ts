import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../test/databases.js';
import { isDatabaseUnavailable } from './unavailable.js';

/*
 * PostgreSQL restarting while a transaction holds a pooled connection between two statements
 * (issue 43's load test: an API process died of it, an unhandled 'error' on the client). The
 * process lives on and the transaction fails as a passing fault (503 with Retry-After).
 */
let database: TestDatabase | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await database?.db.close();
  await database?.drop();
  database = undefined;
});

describe.skipIf(testEngine !== 'postgres')('a connection lost inside a transaction', () => {
  it('fails the transaction as unavailable and leaves the process and the pool working', async () => {
    database = await createTestDatabase(os.tmpdir());
    const { db } = database;
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const admin = new pg.Client({ connectionString: db.location });
    await admin.connect();
    try {
      const failure = await db
        .write(async (handle) => {
          // On PostgreSQL the transaction is drizzle's node-postgres one.
          const tx = handle as unknown as { execute(q: SQL): Promise<{ rows: unknown[] }> };
          const [row] = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)).rows as {
            pid: number;
          }[];
          await admin.query('SELECT pg_terminate_backend($1)', [row?.pid]);
          // The client is between statements when the server cuts it, as in a restart.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`SELECT 1`);
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(log.mock.calls.some((c) => String(c[0]).includes('connection in use failed'))).toBe(
        true,
      );
      // The pool gives a working connection again.
      expect(await db.row<{ n: number }>('SELECT 1 AS n', [])).toEqual({ n: 1 });
    } finally {
      await admin.end();
    }
  });
});
