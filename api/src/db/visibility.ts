import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '@urs/sync-protocol';
import { announcements } from './schema.js';

/**
 * Announcements a role may see: audience NULL (everyone) or a JSON array naming the role.
 * json_each is SQLite's; on PostgreSQL this becomes `audience ? role` on a jsonb column,
 * which is why it lives here in db/ and nowhere else.
 */
export function announcementVisibleTo(role: Role): SQL {
  return sql`(${announcements.audience} IS NULL OR EXISTS (SELECT 1 FROM json_each(${announcements.audience}) WHERE json_each.value = ${role}))`;
}
