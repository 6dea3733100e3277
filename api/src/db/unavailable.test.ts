import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../test/databases.js';
import { closedPort } from '../test/ports.js';
import { isDatabaseUnavailable } from './unavailable.js';

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

function sqlState(code: string): pg.DatabaseError {
  const err = new pg.DatabaseError('refused', 0, 'error');
  err.code = code;
  return err;
}

describe('telling a database out of reach from a failed request', () => {
  it('recognises a refused connection of the pool, also under drizzle', async () => {
    const pool = new pg.Pool({
      connectionString: `postgres://u:p@127.0.0.1:${await closedPort()}/x`,
    });
    const err = await failureOf(() => pool.query('SELECT 1'));
    await pool.end();
    expect((err as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('SELECT 1', [], err as Error))).toBe(true);
  });

  it('recognises a connection cut while connecting', async () => {
    // Accepts, then hangs up: what a server going down between accept and start-up does.
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const client = new pg.Client({ connectionString: `postgres://u:p@127.0.0.1:${port}/x` });
    const err = await failureOf(() => client.connect());
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(String((err as Error).message)).toMatch(/Connection terminated|ECONNRESET/);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it("recognises the pool's timeout and a client that lost its connection", () => {
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('Connection terminated due to connection timeout', { cause: new Error('x') }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('Client has encountered a connection error and is not queryable'),
      ),
    ).toBe(true);
  });

  it('recognises the SQLSTATEs of a server stopping, starting or full', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001']) {
      expect(isDatabaseUnavailable(sqlState(code)), code).toBe(true);
    }
  });

  it('does not take a refused statement, a broken rule or a bug for an outage', () => {
    for (const code of ['23505', '23503', '42P01', '40001', '22P02', '53100']) {
      expect(isDatabaseUnavailable(sqlState(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined ('id')"))).toBe(
      false,
    );
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('takes SQLite busy past its timeout for a passing fault, a full disk or bad SQL not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-unavailable-'));
    const file = path.join(dir, 'busy.sqlite');
    const holder = new Database(file);
    const waiter = new Database(file, { timeout: 10 });
    try {
      holder.pragma('journal_mode = WAL');
      holder.exec('CREATE TABLE t (x)');
      holder.exec('BEGIN IMMEDIATE');
      const busy = thrownBy(() => waiter.exec('BEGIN IMMEDIATE'));
      expect((busy as { code?: string }).code).toBe('SQLITE_BUSY');
      expect(isDatabaseUnavailable(busy)).toBe(true);
      holder.exec('ROLLBACK');
      const badSql = thrownBy(() => waiter.exec('SELECT nope FROM t'));
      expect(isDatabaseUnavailable(badSql)).toBe(false);
      const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      expect(isDatabaseUnavailable(full)).toBe(false);
    } finally {
      waiter.close();
      holder.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(testEngine !== 'postgres')(
    'recognises a backend terminated mid-query (57P01), as at a server restart',
    async () => {
      const url = process.env['TEST_DATABASE_URL'] ?? '';
      const victim = new pg.Client({ connectionString: url });
      const killer = new pg.Client({ connectionString: url });
      await victim.connect();
      await killer.connect();
      victim.on('error', () => undefined);
      try {
        const pid = (await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
          ?.pid;
        const sleeping = failureOf(() => victim.query('SELECT pg_sleep(10)'));
        // Once the victim is inside its statement.
        for (;;) {
          const { rows } = await killer.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1 AND state = 'active'",
            [pid],
          );
          if (rows[0]?.n === 1) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await killer.query('SELECT pg_terminate_backend($1)', [pid]);
        const err = await sleeping;
        expect((err as { code?: string }).code).toBe('57P01');
        expect(isDatabaseUnavailable(err)).toBe(true);
      } finally {
        await killer.end();
        await victim.end().catch(() => undefined);
      }
    },
  );
});
