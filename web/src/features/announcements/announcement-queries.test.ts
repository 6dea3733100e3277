// @vitest-environment jsdom
import { newId, type Announcement } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UrsDatabase } from '../../db/database.js';
import { openTestDatabase } from '../../test/sync-fixtures.js';
import { departedName } from '../../sync/index.js';
import { testUser } from '../../test/user.js';
import { announcementAt } from './test-fixtures.js';
import { announcementsPage } from './announcement-queries.js';

const ME = testUser({ id: newId(), role: 'custodian' });
const ADMIN = testUser({ id: newId(), name: 'Rahmat', role: 'admin' });
const GONE = newId();
let db: UrsDatabase;

beforeEach(() => {
  db = openTestDatabase();
});
afterEach(() => db.close());

const announcement = (n: number, over: Partial<Announcement> = {}) =>
  announcementAt(n, { author_id: ADMIN.id, ...over });

const titles = (page: { rows: Announcement[] }) => page.rows.map((a) => a.title);

describe('announcementsPage', () => {
  it('reads one page of what the user sees, pinned first then newest, with every unread', async () => {
    const list = Array.from({ length: 24 }, (_, i) => announcement(i + 1));
    const pinned = announcement(0, { title: 'Disematkan', pinned: true });
    const forGardeners = announcement(30, { audience: ['gardener'] });
    await db.announcements.bulkPut([...list, pinned, forGardeners]);
    await db.users.put({ ...ADMIN, role: 'admin', photo_url: null });
    // Read: the newest and the oldest.
    await db.announcement_reads.bulkPut(
      [list[23], list[0]].map((a) => ({
        id: newId(),
        announcement_id: a?.id ?? '',
        user_id: ME.id,
        read_at: '2026-08-02T00:00:00.000Z',
        created_at: '2026-08-02T00:00:00.000Z',
        updated_at: '2026-08-02T00:00:00.000Z',
      })),
    );

    const first = await announcementsPage(db, ME, 1, 10);
    expect(first).toMatchObject({ page: 1, pages: 3, total: 25 });
    expect(titles(first)).toEqual([
      'Disematkan',
      ...Array.from({ length: 9 }, (_, i) => `Pengumuman ${24 - i}`),
    ]);
    expect(first.authors.get(ADMIN.id)).toBe('Rahmat');
    // Unread on every page, in the list's order, for "Tandai semua dibaca".
    expect([...first.unread]).toEqual([pinned, ...list.slice(1, 23).reverse()].map((a) => a.id));

    const last = await announcementsPage(db, ME, 3, 10);
    expect(titles(last)).toEqual([
      'Pengumuman 5',
      'Pengumuman 4',
      'Pengumuman 3',
      'Pengumuman 2',
      'Pengumuman 1',
    ]);
    expect(last.unread).toEqual(first.unread);

    // The admin sees the gardeners' one too.
    expect(await announcementsPage(db, { id: ADMIN.id, role: 'admin' }, 1, 10)).toMatchObject({
      total: 26,
    });
  });

  it('shows the nearest page for one out of range; a deleted author still signs', async () => {
    await db.announcements.bulkPut(
      Array.from({ length: 12 }, (_, i) => announcement(i + 1, { author_id: GONE })),
    );
    await db.meta.put(departedName('users', GONE, 'Budi'));
    const page = await announcementsPage(db, ME, 9, 10);
    expect(page).toMatchObject({ page: 2, pages: 2, total: 12 });
    expect(page.authors.get(GONE)).toBe('Budi');
    expect(await announcementsPage(db, ME, Number.NaN, 10)).toMatchObject({ page: 1 });
  });

  it('has one empty first page when there is nothing to show', async () => {
    await db.announcements.put(announcement(1, { audience: ['technician'] }));
    const page = await announcementsPage(db, ME, 1, 10);
    expect(page).toMatchObject({ rows: [], page: 1, pages: 1, total: 0 });
    expect(page.unread.size).toBe(0);
  });
});
