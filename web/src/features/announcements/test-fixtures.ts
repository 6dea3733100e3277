import { newId, type Announcement } from '@urs/sync-protocol';

/** For tests: announcement `n`, published `n` minutes into a day (the higher, the newer). */
export function announcementAt(n: number, over: Partial<Announcement> = {}): Announcement {
  const at = new Date(Date.parse('2026-08-01T07:00:00.000Z') + n * 60_000).toISOString();
  return {
    id: newId(),
    title: `Pengumuman ${n}`,
    body: 'Isi',
    audience: null,
    priority: 'normal',
    pinned: false,
    author_id: newId(),
    published_at: at,
    created_at: at,
    updated_at: at,
    ...over,
  };
}
