import { Column, is, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { AccountRole } from '@urs/sync-protocol';
import { announcements } from './schema.js';
import type { Tx } from './handles.js';
import { connectionOf } from './pg-connection.js';

/*
 * Every piece of SQL that differs between SQLite and PostgreSQL lives here and nowhere else
 * (docs/decisions/007-two-engines.md). The rest of the API writes drizzle's query builder and
 * plain SQL both engines read alike.
 *
 * The engine is chosen once per process, by DATABASE_URL, when the database is opened
 * (db/connect.ts): one process never serves two engines, so these builders can read it here
 * instead of every query carrying it.
 */
export type Engine = 'sqlite' | 'postgres';

let engine: Engine | undefined;

/** Called by the database opener; a process that tried to open both engines is a bug. */
export function useEngine(next: Engine): void {
  if (engine !== undefined && engine !== next) {
    throw new Error(`this process already uses ${engine}; it cannot also open ${next}`);
  }
  engine = next;
}

export function currentEngine(): Engine {
  return engine ?? 'sqlite';
}

/**
 * `column` contains `text`, ignoring ASCII case, with the user's `%`, `_` and `\` taken
 * literally. SQLite's LIKE already ignores ASCII case; PostgreSQL's needs ILIKE. Neither has a
 * default escape character, so the ESCAPE clause is spelled out.
 */
export function containsText(column: AnyColumn, text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const pattern = `%${escaped}%`;
  return currentEngine() === 'postgres'
    ? sql`${column} ILIKE ${pattern} ESCAPE '\\'`
    : sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** The school-local calendar day (`YYYY-MM-DD`) of a UTC ISO timestamp column, for GROUP BY. */
export function localDaySql(column: AnyColumn, offsetMinutes: number): SQL<string> {
  return localFormat(column, offsetMinutes, '%Y-%m-%d', 'YYYY-MM-DD');
}

/** The school-local month (`YYYY-MM`) of a UTC ISO timestamp column. */
export function localMonthSql(column: AnyColumn, offsetMinutes: number): SQL<string> {
  return localFormat(column, offsetMinutes, '%Y-%m', 'YYYY-MM');
}

function localFormat(
  column: AnyColumn,
  offsetMinutes: number,
  strftime: string,
  toChar: string,
): SQL<string> {
  // The offset is a number from our own configuration, inlined so the GROUP BY expression is
  // textually the same as the SELECT one (PostgreSQL compares them before binding).
  const minutes = sql.raw(String(Math.trunc(offsetMinutes)));
  return currentEngine() === 'postgres'
    ? sql<string>`to_char((${column})::timestamptz AT TIME ZONE 'UTC' + ${minutes} * interval '1 minute', ${sql.raw(`'${toChar}'`)})`
    : sql<string>`strftime(${sql.raw(`'${strftime}'`)}, ${column}, ${sql.raw(`'${Math.trunc(offsetMinutes)} minutes'`)})`;
}

/**
 * The instant a job is due, as the canonical UTC text every stored timestamp has
 * (`YYYY-MM-DDTHH:MM:SS.sssZ`, which sorts as its instants do): the SQL twin of the contract's
 * `dueInstant` (sync-protocol/src/jobs.ts). `dueTime` on `dueDate` in the school's calendar
 * (`offsetMinutes` east of UTC), or the end of that day (the next day's first instant) without a
 * time; NULL without a date. Both columns hold what the contract validated (`isDueDate`,
 * `isDueTime`) before anything wrote them. db/job-sql.test.ts holds the two to the same answers.
 */
export function dueInstantSql(
  dueDate: AnyColumn | SQL,
  dueTime: AnyColumn | SQL,
  offsetMinutes: number,
): SQL<string | null> {
  // Inlined as localFormat does; in parentheses, so a negative offset never meets a minus sign
  // before it as `--`, a comment.
  const offset = sql.raw(`(${Math.trunc(offsetMinutes)})`);
  if (currentEngine() === 'postgres') {
    // date + time is a timestamp; PostgreSQL's time takes 24:00, the end of the day.
    return sql<
      string | null
    >`to_char((${dueDate})::date + coalesce((${dueTime})::time, time '24:00') - ${offset} * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  // SQLite's date functions count in whole milliseconds: exact, as Date.UTC is.
  const minutes = sql`coalesce(substr(${dueTime}, 1, 2) * 60 + substr(${dueTime}, 4, 2), 1440)`;
  return sql<
    string | null
  >`strftime('%Y-%m-%dT%H:%M:%fZ', ${dueDate}, (${minutes} - ${offset}) || ' minutes')`;
}

/**
 * Days since 1970-01-01 of a `YYYY-MM-DD` column, as an integer: the SQL twin of the contract's
 * `dayNumber` (sync-protocol/src/rounds.ts), for schedule arithmetic in a query.
 */
export function dayNumberSql(date: AnyColumn | SQL): SQL<number> {
  return currentEngine() === 'postgres'
    ? sql<number>`((${date})::date - date '1970-01-01')`
    : // julianday of a day is n + 0.5 exactly; 1970-01-01 is 2440587.5.
      sql<number>`cast(julianday(${date}) - 2440587.5 AS integer)`;
}

/**
 * A table of rows handed over as one parameter, `json`: a JSON array of arrays, each inner
 * array one row whose values go to `columns` in order (integers or text; null stays NULL). One
 * statement text whatever the number of rows, so it is prepared once.
 */
export function jsonRowsSql(
  json: SQL,
  columns: readonly (readonly [name: string, type: 'integer' | 'text'])[],
): SQL {
  for (const [name] of columns) {
    if (!JSON_KEY.test(name)) throw new Error(`not a column name: ${name}`);
  }
  if (currentEngine() === 'postgres') {
    const fields = columns.map(([name, type], i) =>
      sql.raw(type === 'integer' ? `(e->>${i})::integer AS ${name}` : `e->>${i} AS ${name}`),
    );
    return sql`(SELECT ${sql.join(fields, sql`, `)} FROM jsonb_array_elements((${json})::jsonb) AS e)`;
  }
  const fields = columns.map(([name], i) => sql.raw(`json_extract(value, '$[${i}]') AS ${name}`));
  return sql`(SELECT ${sql.join(fields, sql`, `)} FROM json_each(${json}))`;
}

/** Milliseconds from one stored UTC timestamp to another (negative when `to` is earlier). */
export function millisecondsBetweenSql(from: AnyColumn | SQL, to: AnyColumn | SQL): SQL<number> {
  return currentEngine() === 'postgres'
    ? sql<number>`round(extract(epoch from ((${to})::timestamptz - (${from})::timestamptz)) * 1000)`
    : // julianday's double resolves well under a millisecond at today's dates; round drops that.
      sql<number>`round((julianday(${to}) - julianday(${from})) * 86400000)`;
}

/**
 * Announcements a role may see: audience NULL (everyone) or a JSON array naming the role.
 * The array is stored as JSON text on both engines; PostgreSQL reads it as jsonb. SQLite looks
 * for the quoted role in the text: the array only ever holds role names (sync-protocol's
 * roleSchema, written by JSON.stringify), which need no escaping and never contain one another
 * with their quotes, so that is exact, and it is a third cheaper than walking the array with
 * json_each on every announcement of every device's unread count. `role` is a role, or SQL
 * that yields one (the pull reads the session's role inside its own statement).
 */
export function announcementVisibleTo(role: AccountRole | SQL): SQL {
  const audience = announcements.audience;
  if (currentEngine() === 'postgres') {
    return sql`(${audience} IS NULL OR (${audience})::jsonb @> jsonb_build_array(${role}::text))`;
  }
  const quoted = typeof role === 'string' ? sql`${`"${role}"`}` : sql`'"' || ${role} || '"'`;
  return sql`(${audience} IS NULL OR instr(${audience}, ${quoted}) > 0)`;
}

/*
 * JSON built by the database, for the pull: each change leaves the database as the text the
 * API sends, so no row is mapped, converted and stringified in JavaScript. Both builders give
 * compact JSON escaped as JSON.stringify escapes (data/wire-json.test.ts holds them to the
 * mappers of data/wire.ts byte for byte). SQLite has json_object. On PostgreSQL the object is
 * text concatenated around each value's JSON: json_build_object puts spaces around its colons,
 * and row_to_json over a one-row subquery (used until 2026-11-23) ran two subplans per change.
 *
 * The builders take the engine as an argument (the running one by default): PostgreSQL stores
 * each synced row's change JSON beside it (storedChangeJson below), and the SQL that writes it
 * is rendered for PostgreSQL alone.
 */

const JSON_KEY = /^[a-z][a-z0-9_]*$/;

/** SQL that already yields JSON text on PostgreSQL: embedded as it is, not quoted again. */
const jsonText = new WeakSet<object>();

function asJsonText(json: SQL): SQL {
  jsonText.add(json);
  return json;
}

/** A JSON object of `[key, value]` pairs, in that order; keys are wire names from our own code. */
export function jsonObject(
  entries: readonly (readonly [string, SQL | AnyColumn])[],
  engine: Engine = currentEngine(),
): SQL {
  for (const [key] of entries) {
    if (!JSON_KEY.test(key)) throw new Error(`not a wire key: ${key}`);
  }
  if (engine === 'postgres') {
    const members = entries.map(([key, value], i) => {
      const name = sql.raw(`'${i === 0 ? '{' : ','}"${key}":'`);
      if (jsonText.has(value)) return sql`${name} || coalesce(${value}, 'null')`;
      const json = textIsJson(value) ? sql`${value}::text` : sql`to_json(${value})::text`;
      // to_json is not folded into a constant and a NULL needs spelling out; a NOT NULL
      // column needs neither, and every change of a first sync pays for each.
      return is(value, Column) && value.notNull
        ? sql`${name} || ${json}`
        : sql`${name} || coalesce(${json}, 'null')`;
    });
    return asJsonText(sql`(${sql.join(members, sql` || `)} || '}')`);
  }
  return sql`json_object(${sql.join(
    entries.map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;
}

/*
 * On PostgreSQL an integer column is a bigint and a boolean column a boolean (schema.pg.ts),
 * whose text is already their JSON ("-12", "true"): a cast instead of to_json, which a first
 * sync runs for every such value of every change.
 */
const TEXT_IS_JSON = new Set(['SQLiteInteger', 'SQLiteBoolean']);

function textIsJson(value: SQL | AnyColumn): boolean {
  return is(value, Column) && TEXT_IS_JSON.has(value.columnType);
}

/**
 * A fixed name from our own code (an entity, an op) as a JSON string value of jsonObject. On
 * PostgreSQL it is the JSON text itself, which the planner folds into the text around it once
 * instead of running to_json on the literal for every change.
 */
export function jsonName(name: string, engine: Engine = currentEngine()): SQL {
  if (!JSON_KEY.test(name)) throw new Error(`not a fixed name: ${name}`);
  return engine === 'postgres' ? asJsonText(sql.raw(`'"${name}"'`)) : sql.raw(`'${name}'`);
}

/**
 * A pull page's candidates, `changes` (rows of seq and change JSON text: each table's first
 * `limit + 1` past the cursor), as runs of (seq, change, n): `n` changes in order joined by
 * commas, seq the last one's. SQLite hands every change to the API as a run of one, without a
 * driver or a round trip in between; its ordered aggregate cost more than the API's sort. On
 * PostgreSQL the database cuts the page: one run of the first `limit` changes (none if there
 * are none), and the next change's number alone (change NULL) if there is one; the driver's
 * work on every row, and the API's on every change it sorted and joined, were a fifth of the
 * API's time on a first sync.
 */
export function pageChangeRows(changes: SQL, limit: SQL): SQL {
  if (currentEngine() !== 'postgres')
    return sql`SELECT seq, change, 1 AS n FROM (${changes}) AS page_found`;
  // Only the change numbers are sorted to find where the page stops; the JSON once, joined.
  const cut = sql`(SELECT seq FROM page_cut)`;
  return sql`WITH page_found AS (${changes}),
    page_cut AS (SELECT seq FROM page_found ORDER BY seq LIMIT 1 OFFSET ${limit})
    SELECT max(seq) AS seq, string_agg(change, ',' ORDER BY seq) AS change, count(*) AS n FROM page_found WHERE ${cut} IS NULL OR seq < ${cut} HAVING count(*) > 0
    UNION ALL SELECT seq, NULL, 1 FROM page_cut`;
}

/** The column holding a synced row's put change on PostgreSQL (schema.pg.ts). */
export const STORED_CHANGE_COLUMN = 'wire_change';

/**
 * A synced row's put change for the pull, `built` being its JSON (data/wire-json.ts). On
 * PostgreSQL it is the text stored beside the row, which a trigger writes from the same
 * builder whenever the row is written (db/stored-changes.ts): building it on every pull was
 * most of the server's time on a first sync (about 2.7 µs per change), and a row is written a
 * few times but pulled by every device that may see it. A row without it (none should be:
 * start-up fills them) is built as before. SQLite builds it per pull, where the pull is within
 * its target as it is.
 */
export function storedChangeJson(table: SQLiteTable, built: SQL): SQL {
  return currentEngine() === 'postgres'
    ? asJsonText(sql`coalesce(${table}.${sql.identifier(STORED_CHANGE_COLUMN)}, ${built})`)
    : built;
}

/** A boolean column as JSON true/false (SQLite keeps booleans as 0/1). */
export function jsonBoolean(column: AnyColumn, engine: Engine = currentEngine()): SQL | AnyColumn {
  return engine === 'postgres' ? column : sql`iif(${column}, json('true'), json('false'))`;
}

/** A column holding JSON text, embedded as JSON rather than as a string. */
export function jsonFromText(column: AnyColumn, engine: Engine = currentEngine()): SQL {
  return engine === 'postgres' ? asJsonText(sql`${column}`) : sql`json(${column})`;
}

/** JSON as the text the driver hands back (pg would otherwise parse a json column). */
export function jsonAsText(json: SQL): SQL<string> {
  return currentEngine() === 'postgres' ? sql<string>`(${json})::text` : sql<string>`${json}`;
}

/** A string literal for a fixed name from our own code (an entity, an op, a role). */
export function nameLiteral(name: string): SQL {
  if (!JSON_KEY.test(name)) throw new Error(`not a fixed name: ${name}`);
  // Typed on PostgreSQL, where to_json cannot take a literal of unknown type.
  return sql.raw(currentEngine() === 'postgres' ? `'${name}'::text` : `'${name}'`);
}

/**
 * The lock clause a read inside a write transaction appends to hold the rows it read until the
 * transaction ends: `FOR SHARE` lets other sharers in and keeps writers of the rows out;
 * `FOR NO KEY UPDATE` keeps sharers out but not the `FOR KEY SHARE` every foreign key check
 * takes, so inserts of rows pointing at the row are not held up. SQLite needs none: its one
 * writer runs write transactions one at a time.
 */
export function rowLock(mode: 'share' | 'no key update'): string {
  if (currentEngine() !== 'postgres') return '';
  return mode === 'share' ? ' FOR SHARE' : ' FOR NO KEY UPDATE';
}

/**
 * Holds the email's lock until the write transaction `tx` ends, so the writers of one address
 * take turns at the "email free?" check even when nothing else serialises them (two schools'
 * writers each hold only their own school's counter: decision 027). PostgreSQL: a transaction
 * advisory lock in the two-key space (namespace 27, the decision's number, and a hash of the
 * address as it is stored), which never meets the migrator's single-key lock; a hash collision
 * only makes two addresses wait for each other. SQLite has one writer, so nothing to do.
 */
export async function lockEmail(tx: Tx, email: string): Promise<void> {
  if (currentEngine() !== 'postgres') return;
  await connectionOf(tx).query('SELECT pg_advisory_xact_lock(27, hashtext($1))', [
    email.trim().toLowerCase(),
  ]);
}
