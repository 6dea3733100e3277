/**
 * The first row of a query, or undefined: what better-sqlite3's `.get()` answered, written so
 * that it works on every engine (PostgreSQL's drizzle queries have no `.get()`). Add
 * `.limit(1)` to a select that may match more than one row.
 */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/** The `n` of a `select({ n: count() })`, 0 when there is no row. */
export async function countOf(query: PromiseLike<{ n: number }[]>): Promise<number> {
  return (await query)[0]?.n ?? 0;
}
