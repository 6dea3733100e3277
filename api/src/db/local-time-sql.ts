import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * Local calendar buckets of a UTC ISO timestamp column, for GROUP BY. strftime with a minutes
 * modifier is SQLite's; on PostgreSQL this becomes to_char(col AT TIME ZONE ..., 'YYYY-MM-DD'),
 * which is why it lives in db/ and nowhere else.
 */
export function localDaySql(column: AnyColumn, offsetMinutes: number): SQL<string> {
  return sql<string>`strftime('%Y-%m-%d', ${column}, ${`${offsetMinutes} minutes`})`;
}

export function localMonthSql(column: AnyColumn, offsetMinutes: number): SQL<string> {
  return sql<string>`strftime('%Y-%m', ${column}, ${`${offsetMinutes} minutes`})`;
}
