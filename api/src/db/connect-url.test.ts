import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTarget, DatabaseConfigError, redact } from './connect.js';

const dataDir = path.resolve('/srv/urs');

/** The refusal's message, after checking that it is one. */
function refusal(url: string): string {
  let thrown: unknown;
  try {
    databaseTarget(url, dataDir);
  } catch (err) {
    thrown = err;
  }
  expect(thrown, url).toBeInstanceOf(DatabaseConfigError);
  return (thrown as DatabaseConfigError).message;
}

describe('a mistyped DATABASE_URL', () => {
  it('is refused, never opened as a new SQLite file named like a URL', () => {
    for (const url of [
      'postgres:/u:pw@db:5432/urs',
      'postgresql:urs@db/urs',
      'jdbc:postgresql://db/urs',
      ' postgres ://x',
      'postgres//u:pw@db/urs',
      'urs:pw@db/urs',
      'mysql:db/urs',
    ]) {
      const message = refusal(url);
      expect(message).toMatch(/^DATABASE_URL: /);
      expect(message).not.toContain('\n');
    }
  });

  it('never shows the password it was given', () => {
    for (const url of [
      'postgres:/u:hunter2@db:5432/urs',
      'postgresql:u:hunter2@db/urs',
      'jdbc:postgresql://u:hunter2@db/urs',
      'postgres//u:hunter2@db/urs',
      'u:hunter2@db/urs',
      'mysql://u:hunter2@db/urs',
    ]) {
      expect(refusal(url)).not.toContain('hunter2');
    }
    expect(refusal('postgres:/u:hunter2@db:5432/urs')).toContain('"postgres:/***@db:5432/urs"');
    expect(redact('jdbc:postgresql://u:hunter2@db/urs')).toBe('jdbc:***@db/urs');
  });

  it('still takes a plain path, one clearly a path even with an @ or a colon, and sqlite:', () => {
    const sqlite = (file: string) => ({ engine: 'sqlite', file });
    expect(databaseTarget('school.sqlite', dataDir)).toEqual(sqlite(path.resolve('school.sqlite')));
    expect(databaseTarget('data/urs.sqlite', dataDir)).toEqual(
      sqlite(path.resolve('data/urs.sqlite')),
    );
    expect(databaseTarget('/var/lib/urs@2/db.sqlite', dataDir)).toEqual(
      sqlite('/var/lib/urs@2/db.sqlite'),
    );
    expect(databaseTarget('./backup@monday.sqlite', dataDir)).toEqual(
      sqlite(path.resolve('backup@monday.sqlite')),
    );
    expect(databaseTarget('./a:b.sqlite', dataDir)).toEqual(sqlite(path.resolve('a:b.sqlite')));
    expect(databaseTarget('sqlite:./x.sqlite', dataDir)).toEqual(sqlite(path.resolve('x.sqlite')));
    expect(databaseTarget('  postgres://u:p@db/urs  ', dataDir)).toEqual({
      engine: 'postgres',
      url: 'postgres://u:p@db/urs',
    });
  });
});
