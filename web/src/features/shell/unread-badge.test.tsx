// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnnouncementPoller } from '../../client/announcement-poller.js';
import { AppSessionProvider, type AppSession } from '../../client/use-session.js';
import { MemoryStorage } from '../../test/memory-storage.js';
import { keepUnread, readKeptUnread, useUnreadBadgeCount } from './unread-badge.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Probe({ userId, storage }: { userId: string; storage: Storage }) {
  const count = useUnreadBadgeCount(userId, storage);
  return <output>{count === null ? 'unknown' : String(count)}</output>;
}

/** A poller whose server answers the test releases (or refuses, as offline). */
function pollerWith(fetchCount: () => Promise<number>) {
  const poller = createAnnouncementPoller({ fetchCount, onRise: vi.fn() });
  const app = { announcementPoller: poller } as unknown as AppSession;
  return { poller, app };
}

describe('the unread badge count', () => {
  it('shows the count last kept for this user while the server has not answered (offline)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new MemoryStorage();
    keepUnread(storage, 'u1', 4);
    const { poller, app } = pollerWith(() => Promise.reject(new Error('offline')));
    render(
      <AppSessionProvider value={app}>
        <Probe userId="u1" storage={storage} />
      </AppSessionProvider>,
    );
    await act(async () => {
      poller.start();
      await poller.refresh({ force: true });
    });
    expect(screen.getByRole('status').textContent).toBe('4');
    poller.stop();
  });

  it("never shows another user's count: unknown rather than zero", () => {
    const storage = new MemoryStorage();
    keepUnread(storage, 'u1', 4);
    const { app } = pollerWith(() => new Promise<number>(() => undefined));
    render(
      <AppSessionProvider value={app}>
        <Probe userId="u2" storage={storage} />
      </AppSessionProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('unknown');
  });

  it("follows the server's answer once there is one, zero included, and keeps it", async () => {
    const storage = new MemoryStorage();
    keepUnread(storage, 'u1', 4);
    let answer = (_: number) => undefined as void;
    const { poller, app } = pollerWith(
      () =>
        new Promise<number>((resolve) => {
          answer = resolve;
        }),
    );
    render(
      <AppSessionProvider value={app}>
        <Probe userId="u1" storage={storage} />
      </AppSessionProvider>,
    );
    poller.start();
    await act(async () => {
      answer(0);
      await poller.refresh();
    });
    expect(screen.getByRole('status').textContent).toBe('0');
    expect(readKeptUnread(storage, 'u1')).toBe(0);
    poller.stop();
  });

  it('reads junk or a negative count as nothing kept', () => {
    const storage = new MemoryStorage();
    storage.setItem('urs_unread_count', '{not json');
    expect(readKeptUnread(storage, 'u1')).toBeNull();
    storage.setItem('urs_unread_count', JSON.stringify({ user: 'u1', count: -2 }));
    expect(readKeptUnread(storage, 'u1')).toBeNull();
  });
});
