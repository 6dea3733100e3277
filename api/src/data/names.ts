import { and, inArray } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Reader } from '../db/handles.js';
import { type areas, users } from '../db/schema.js';
import { inSchool } from '../auth/visibility.js';

type Named = typeof areas | typeof users;

/** The row a summary shows beside an id: its name, and of users their role. */
export type NamedRow<T extends Named> = T extends typeof users
  ? Pick<typeof users.$inferSelect, 'id' | 'name' | 'role'>
  : Pick<typeof areas.$inferSelect, 'id' | 'name'>;

/**
 * The school's areas or users among `ids`, by id, for the summaries that count by area or by
 * person and show each one's name (round compliance, the job figures per person). Deleted rows
 * too: work done by someone who left, or in an area since removed, still counts under its
 * name. Another school's id is not found (decision 027). No ids: no read.
 */
export async function namesByIds<T extends Named>(
  db: Reader,
  table: T,
  schoolId: string,
  ids: readonly string[],
): Promise<Map<string, NamedRow<T>>> {
  if (ids.length === 0) return new Map();
  // Both tables have id, name and schoolId; only users has a role.
  const fields: Record<string, SQLiteColumn> = { id: table.id, name: table.name };
  if (table === users) fields['role'] = users.role;
  const rows = (await db
    .select(fields)
    .from(table as typeof areas)
    .where(
      and(inSchool(table, schoolId), inArray(table.id, [...ids])),
    )) as unknown as NamedRow<T>[];
  return new Map(rows.map((row) => [row.id, row]));
}
