// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newId, type User } from '@urs/sync-protocol';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The screen on the app's own Dexie database (fake-indexeddb): a school year of announcements
 * shows ten at a time under the app's pager, and "Tandai semua dibaca" still marks every page.
 */

const session = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../client/use-session.js', () => ({ useCurrentUser: () => session.user }));
const markRead = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./announcement-actions.js', () => ({
  useAnnouncementActions: () => ({ markRead, runPlan: vi.fn() }),
}));
vi.mock('../../client/toast.js');
// The screen's links lead to the composer; no router is needed to show them.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a className={className}>{children}</a>
  ),
}));

import { db } from '../../db/index.js';
import { testUser } from '../../test/user.js';
import { useIndonesianComponents } from '../../test/component-setup.js';
import { announcementAt } from './test-fixtures.js';
import { firstDownloadUnderWay } from '../../test/sync-fixtures.js';
import { AnnouncementsScreen } from './announcements-screen.js';

useIndonesianComponents(markRead);

const cardTitles = () =>
  screen
    .queryAllByTestId('announcement')
    .map((card) => card.querySelector('.an-title')?.textContent);

const list = Array.from({ length: 23 }, (_, i) => announcementAt(i + 1));

beforeEach(async () => {
  session.user = testUser({ id: newId(), role: 'custodian' });
  await db.announcements.bulkPut(list);
});
afterEach(async () => {
  await Promise.all([db.announcements.clear(), db.sync_state.clear()]);
});

describe('<AnnouncementsScreen />', () => {
  it('says they are downloading, not that there are none, during a first download', async () => {
    await db.announcements.clear();
    await firstDownloadUnderWay(db, session.user?.id ?? '');
    render(<AnnouncementsScreen />);
    expect((await screen.findByTestId('first-download')).textContent).toContain(
      'Data sedang diunduh...',
    );
    expect(screen.queryByText('Belum ada pengumuman.')).toBeNull();
  });

  it('says there are none once the device holds its data', async () => {
    await db.announcements.clear();
    render(<AnnouncementsScreen />);
    expect(await screen.findByText('Belum ada pengumuman.')).toBeDefined();
    expect(screen.queryByTestId('first-download')).toBeNull();
  });

  it('shows ten at a time, newest first, and pages on with the shared pager', async () => {
    const user = userEvent.setup();
    render(<AnnouncementsScreen />);
    await screen.findByText('Pengumuman 23');
    expect(cardTitles()).toEqual(Array.from({ length: 10 }, (_, i) => `Pengumuman ${23 - i}`));
    const pager = screen.getByRole('navigation', { name: 'Halaman daftar pengumuman' });
    expect(pager.textContent).toContain('Halaman 1 dari 3 · 23 data');

    await user.click(screen.getByRole('button', { name: 'Berikutnya' }));
    await screen.findByText('Pengumuman 13');
    expect(cardTitles()).toEqual(Array.from({ length: 10 }, (_, i) => `Pengumuman ${13 - i}`));
    expect(pager.textContent).toContain('Halaman 2 dari 3 · 23 data');
  });

  it('marks every unread one read, not only the page shown', async () => {
    const user = userEvent.setup();
    render(<AnnouncementsScreen />);
    await screen.findByText('Pengumuman 23');
    await user.click(screen.getByRole('button', { name: 'Tandai semua dibaca' }));
    await waitFor(() => expect(markRead).toHaveBeenCalledTimes(1));
    expect(markRead).toHaveBeenCalledWith(
      session.user?.id,
      [...list].reverse().map((a) => a.id),
    );
  });

  it('hands the focus to the content when the button goes with the last unread one', async () => {
    const user = userEvent.setup();
    const reader = session.user?.id ?? '';
    markRead.mockImplementationOnce(async () => {
      const at = new Date().toISOString();
      await db.announcement_reads.bulkPut(
        list.map((a) => ({
          id: newId(),
          announcement_id: a.id,
          user_id: reader,
          read_at: at,
          created_at: at,
          updated_at: at,
        })),
      );
    });
    render(
      <main id="main" tabIndex={-1}>
        <AnnouncementsScreen />
      </main>,
    );
    const button = await screen.findByRole('button', { name: 'Tandai semua dibaca' });
    await user.click(button);
    await waitFor(() => expect(button.isConnected).toBe(false));
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
    await db.announcement_reads.clear();
  });
});
