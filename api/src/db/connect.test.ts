import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectDatabase, databaseTarget, DatabaseConfigError, redact } from './connect.js';

describe('DATABASE_URL', () => {
  it('chooses SQLite when unset, sqlite: or a path, and PostgreSQL for postgres://', () => {
    const dataDir = path.resolve('/srv/urs');
    expect(databaseTarget(undefined, dataDir)).toEqual({
      engine: 'sqlite',
      file: path.join(dataDir, 'urs.sqlite'),
    });
    expect(databaseTarget('sqlite:', dataDir)).toEqual(databaseTarget('', dataDir));
    expect(databaseTarget('sqlite:/var/lib/urs/db.sqlite', dataDir)).toEqual({
      engine: 'sqlite',
      file: '/var/lib/urs/db.sqlite',
    });
    expect(databaseTarget('./school.sqlite', dataDir)).toEqual({
      engine: 'sqlite',
      file: path.resolve('./school.sqlite'),
    });
    expect(databaseTarget('postgresql://u:p@db:5432/urs', dataDir)).toEqual({
      engine: 'postgres',
      url: 'postgresql://u:p@db:5432/urs',
    });
  });

  it('refuses another scheme instead of reading it as a file name', () => {
    expect(() => databaseTarget('mysql://u:secret@db/urs', '/srv')).toThrow(DatabaseConfigError);
    expect(() => databaseTarget('mysql://u:secret@db/urs', '/srv')).toThrow(
      'DATABASE_URL: unsupported scheme in "mysql://u:***@db/urs" (use postgres://... or a SQLite file path)',
    );
  });

  it('never shows the password', () => {
    expect(redact('postgres://urs:hunter2@db:5432/urs')).toBe('postgres://urs:***@db:5432/urs');
  });
});

describe('a PostgreSQL that cannot be used', () => {
  it('stops with one line naming an unreachable server, never falling back to SQLite', async () => {
    // Port 9 (discard) has no PostgreSQL on any test machine.
    const failure = connectDatabase({
      engine: 'postgres',
      url: 'postgres://urs:pw@127.0.0.1:9/urs',
    });
    await expect(failure).rejects.toThrow(DatabaseConfigError);
    await expect(failure).rejects.toThrow(
      /^database unreachable at postgres:\/\/urs:\*\*\*@127\.0\.0\.1:9\/urs \(ECONNREFUSED\): is PostgreSQL running and listening there\?$/,
    );
  });

  it.skipIf(!process.env['TEST_DATABASE_URL'])(
    'stops with one line naming wrong credentials',
    async () => {
      const url = new URL(process.env['TEST_DATABASE_URL'] ?? '');
      url.password = 'not-the-password';
      const failure = connectDatabase({ engine: 'postgres', url: url.href });
      await expect(failure).rejects.toThrow(
        /^database refused the credentials in postgres:\/\/[^\n]*\*\*\*@/,
      );
    },
  );

  it.skipIf(!process.env['TEST_DATABASE_URL'])(
    'stops with one line naming a database that does not exist',
    async () => {
      const url = new URL(process.env['TEST_DATABASE_URL'] ?? '');
      url.pathname = '/urs_no_such_database';
      const failure = connectDatabase({ engine: 'postgres', url: url.href });
      await expect(failure).rejects.toThrow(
        /^database in postgres:\/\/\S+ does not exist: [^\n]+$/,
      );
    },
  );
});
