import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column LIKE '%text%'` with the user's `%`, `_` and `\` taken literally. LIKE has no
 * default escape character in SQLite or PostgreSQL, so the ESCAPE clause is spelled out.
 */
export function containsText(column: AnyColumn, text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return sql`${column} LIKE ${`%${escaped}%`} ESCAPE '\\'`;
}
