import path from 'node:path';
import { databaseFile, openDatabase } from './client.js';
import type { Db } from './handles.js';
import { openPostgres } from './postgres.js';

export type DatabaseTarget =
  { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

/** Configuration that cannot work: start-up stops with this one line, never a stack trace. */
export class DatabaseConfigError extends Error {
  override name = 'DatabaseConfigError';
}

/** Paths that cannot be anything else: absolute, `./` or `../`, or a Windows drive. */
const CLEARLY_A_PATH = /^(\/|\.\.?[/\\]|[a-z]:[/\\])/i;

/**
 * DATABASE_URL chooses the engine: unset, `sqlite:` (the default file), `sqlite:<path>` or a
 * plain path is SQLite; `postgres://` or `postgresql://` is PostgreSQL. Anything else is refused,
 * never read as a file name that happens to contain a colon: a mistyped URL
 * (`postgres:/u:pw@db/urs`, `jdbc:postgresql://db/urs`) would otherwise become a new, empty
 * SQLite file that the school works in without anyone noticing. So is anything with `://`, and
 * an `@` outside a path that is clearly one (`./name@2.sqlite` is a file).
 */
export function databaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  const value = url?.trim() ?? '';
  if (value === '' || value === 'sqlite:') return { engine: 'sqlite', file: databaseFile(dataDir) };
  if (/^postgres(ql)?:\/\//i.test(value)) return { engine: 'postgres', url: value };
  if (value.startsWith('sqlite:')) {
    return { engine: 'sqlite', file: path.resolve(value.slice('sqlite:'.length)) };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new DatabaseConfigError(
      `DATABASE_URL: unsupported scheme in "${redact(value)}" (use postgres://... or a SQLite file path)`,
    );
  }
  // A scheme of two letters at least: `C:\urs.sqlite` is a Windows path.
  const urlLike = value.includes('://') || /^[a-z][a-z0-9+.-]+:/i.test(value);
  if (urlLike || (value.includes('@') && !CLEARLY_A_PATH.test(value))) {
    throw new DatabaseConfigError(
      `DATABASE_URL: "${redact(value)}" is neither a postgres:// URL nor a SQLite file path (use postgres://user:password@host:5432/db, sqlite:<path>, or ./<name> for a file whose name has a colon or an @)`,
    );
  }
  return { engine: 'sqlite', file: path.resolve(value) };
}

/**
 * The URL without its password, for messages and logs. A value the URL parser does not read
 * as `scheme://user:password@host` (a mistyped one) keeps nothing before its last `@`.
 */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.host !== '') {
      if (parsed.password !== '') parsed.password = '***';
      return parsed.href;
    }
  } catch {
    // Not a URL at all: cut below.
  }
  const at = url.lastIndexOf('@');
  if (at === -1) return url;
  const scheme = /^[^:/@]*:\/*/.exec(url)?.[0] ?? '';
  return `${scheme}***${url.slice(at)}`;
}

/** What went wrong talking to PostgreSQL, in one line an operator can act on. */
function describe(err: unknown, url: string): string {
  const where = redact(url);
  const e = err as { code?: string; message?: string };
  switch (e.code) {
    case 'ECONNREFUSED':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return `database unreachable at ${where} (${e.code}): is PostgreSQL running and listening there?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `database host not found in ${where} (${e.code})`;
    case '28P01':
    case '28000':
      return `database refused the credentials in ${where}: ${e.message ?? 'authentication failed'}`;
    case '3D000':
      return `database in ${where} does not exist: ${e.message ?? ''}`.trim();
    default:
      return `cannot open the database at ${where}: ${e.message ?? String(err)}`;
  }
}

/**
 * Opens the configured database, checks that it answers, and applies pending migrations.
 * Any failure is a DatabaseConfigError with one line; it never falls back to SQLite.
 */
export async function connectDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.engine === 'sqlite') {
    let db: Db;
    try {
      db = openDatabase(target.file);
    } catch (err) {
      throw new DatabaseConfigError(
        `cannot open the SQLite database ${target.file}: ${(err as Error).message}`,
      );
    }
    await db.migrate();
    return db;
  }
  const db = openPostgres(target.url);
  try {
    await db.ping();
    await db.migrate();
  } catch (err) {
    await db.close().catch(() => undefined);
    throw new DatabaseConfigError(describe(err, target.url));
  }
  return db;
}
