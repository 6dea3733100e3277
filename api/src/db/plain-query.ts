import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from './handles.js';

/*
 * Renders with `?` placeholders on either engine: Db.rows numbers them for PostgreSQL. Only
 * the placeholders differ between the two dialects' rendering of a `sql` template (both quote
 * identifiers with double quotes and strings with single ones); what differs in the SQL itself
 * comes from db/dialect.ts.
 */
const renderer = new SQLiteSyncDialect();

/** A statement rendered once, run as many times as needed with its placeholders filled in. */
export interface PlainQuery<R> {
  readonly text: string;
  rows(db: Db, values: Record<string, unknown>): Promise<R[]>;
  /** The first row, for a statement that finds at most one. */
  row(db: Db, values: Record<string, unknown>): Promise<R | undefined>;
}

/**
 * A query written with drizzle's `sql` template (columns, conditions, `sql.placeholder`) and
 * run through `Db.rows`: rendered to text once, prepared once per connection (a named
 * statement on PostgreSQL), rows as the driver gives them with no builder or row mapping on
 * each call. For the reads every device makes every minute; the text must not contain a
 * literal `?` outside placeholders.
 */
export function plainQuery<R>(query: SQL): PlainQuery<R> {
  const { sql: text, params } = renderer.sqlToQuery(query);
  return {
    text,
    rows: (db, values) => db.rows<R>(text, fillPlaceholders(params, values)),
    row: (db, values) => db.row<R>(text, fillPlaceholders(params, values)),
  };
}

/** The text and parameters a `sql` template renders to: equal keys, the same statement. */
export function renderedKey(query: SQL): string {
  const { sql: text, params } = renderer.sqlToQuery(query);
  return JSON.stringify([text, params]);
}

/** The text of a statement that takes no parameters (DDL rendered from a `sql` template). */
export function renderedText(query: SQL): string {
  const { sql: text, params } = renderer.sqlToQuery(query);
  if (params.length > 0) throw new Error(`expected SQL without parameters: ${text}`);
  return text;
}
