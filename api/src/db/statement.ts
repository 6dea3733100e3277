import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client.js';
import { currentEngine } from './dialect.js';
import { statement } from './prepared.js';

/*
 * Plain SQL for the few statements a push batch runs per mutation, written once for both
 * engines with `?` placeholders. On SQLite they run as better-sqlite3 statements prepared once
 * per connection (db/prepared.ts: drizzle's per-call mapping cost a third of SQLite's own time);
 * on PostgreSQL they go through the transaction's connection with numbered parameters. Quote
 * camelCase aliases ("lastSeq"): PostgreSQL folds unquoted names to lower case.
 */

interface PgExecutor {
  execute(query: SQL): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

function bound(text: string, params: readonly unknown[]): SQL {
  const parts = text.split('?');
  if (parts.length - 1 !== params.length) {
    throw new Error(`statement has ${parts.length - 1} placeholders, got ${params.length} values`);
  }
  const chunks: SQL[] = [sql.raw(parts[0] ?? '')];
  params.forEach((value, i) => chunks.push(sql`${value}`, sql.raw(parts[i + 1] ?? '')));
  return sql.join(chunks);
}

/** Rows of a read inside the write transaction `tx`. */
export async function rowsOf<R>(tx: Tx, text: string, ...params: unknown[]): Promise<R[]> {
  if (currentEngine() === 'sqlite') return statement<unknown[], R>(tx, text).all(...params);
  const result = await (tx as unknown as PgExecutor).execute(bound(text, params));
  return result.rows as R[];
}

/** A write inside `tx`; how many rows it inserted, updated or deleted. */
export async function run(tx: Tx, text: string, ...params: unknown[]): Promise<number> {
  if (currentEngine() === 'sqlite') return statement<unknown[]>(tx, text).run(...params).changes;
  const result = await (tx as unknown as PgExecutor).execute(bound(text, params));
  return result.rowCount ?? 0;
}
