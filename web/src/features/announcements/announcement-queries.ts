import type { AccountRole, Announcement } from '@urs/sync-protocol';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type UrsDatabase } from '../../db/index.js';
import { pageOf, type ListPage } from '../../lib/paging.js';
import { namesOf } from '../../sync/index.js';
import { unreadIds, visibleAnnouncements } from './announcements-logic.js';

/**
 * Cards a page of the announcements list shows. A school year is some 300 announcements; all of
 * them drawn at once took 130-180 ms of main thread on a throttled phone, on opening and again
 * on every change (a read mark), where ten take a few.
 */
export const ANNOUNCEMENTS_PAGE_SIZE = 10;

/** One page of what the list shows a user, with what its cards and actions need. */
export interface AnnouncementsPage extends ListPage<Announcement> {
  /**
   * Every announcement the user sees and has not read, on any page, in the list's order:
   * "Tandai semua dibaca" marks them all, not only the page's.
   */
  unread: ReadonlySet<string>;
  /** Names of the page's authors; one deleted since still signs their announcements. */
  authors: Map<string, string>;
}

/**
 * One page of the announcements `user` sees, pinned first then newest (compareAnnouncements).
 * The list's order and the unread marks need every announcement and read mark, which are small
 * rows; only the page's authors are looked up.
 */
export async function announcementsPage(
  database: UrsDatabase,
  user: { id: string; role: AccountRole },
  page: number,
  size: number,
): Promise<AnnouncementsPage> {
  const [all, reads] = await Promise.all([
    database.announcements.toArray(),
    database.announcement_reads.toArray(),
  ]);
  const items = visibleAnnouncements(all, user.role);
  const shown = pageOf(items, page, size);
  const authors = await namesOf(
    database,
    'users',
    shown.rows.map((a) => a.author_id),
  );
  return { ...shown, unread: unreadIds(items, reads, user.id), authors };
}

/** The page of announcements `user` sees (live); null while signed out, undefined while loading. */
export function useAnnouncementsPage(
  user: { id: string; role: AccountRole } | null,
  page: number,
): AnnouncementsPage | null | undefined {
  return useLiveQuery(
    () =>
      user === null
        ? null
        : announcementsPage(db, { id: user.id, role: user.role }, page, ANNOUNCEMENTS_PAGE_SIZE),
    [user?.id, user?.role, page],
  );
}

/** One announcement to edit (live); null when there is none to edit, undefined while loading. */
export function useAnnouncement(id: string | undefined): Announcement | null | undefined {
  return useLiveQuery(
    async () => (id === undefined ? null : ((await db.announcements.get(id)) ?? null)),
    [id],
  );
}
