// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../../sync/index.js';

const status = vi.hoisted(() => vi.fn<() => SyncStatus>());
vi.mock('../../sync/index.js', () => ({
  useSyncEngine: () => ({}),
  useSyncStatus: status,
}));

import { useIndonesianComponents } from '../../test/component-setup.js';
import { SyncIndicator } from './sync-indicator.js';

useIndonesianComponents(status);

const IDLE: SyncStatus = {
  online: true,
  unreachable: false,
  pendingCount: 0,
  rejected: [],
  lastSuccessAt: null,
  error: null,
  syncing: false,
  pullProgress: null,
  paused: false,
};

describe('<SyncIndicator />', () => {
  it('says a change of connection in a status region, not each sync', () => {
    status.mockReturnValue(IDLE);
    const { rerender } = render(<SyncIndicator userId="u-siti" />);
    expect(screen.getByRole('status').textContent).toBe('Daring');

    // A sync run changes the button's words, not the region (a run comes every minute).
    status.mockReturnValue({ ...IDLE, syncing: true });
    rerender(<SyncIndicator userId="u-siti" />);
    expect(screen.getByTestId('sync-indicator').textContent).toContain('Menyinkronkan');
    expect(screen.getByRole('status').textContent).toBe('Daring');

    status.mockReturnValue({ ...IDLE, online: false });
    rerender(<SyncIndicator userId="u-siti" />);
    expect(screen.getByRole('status').textContent).toBe('Luring');

    status.mockReturnValue({ ...IDLE, unreachable: true });
    rerender(<SyncIndicator userId="u-siti" />);
    expect(screen.getByRole('status').textContent).toBe('Server tak terjangkau');
  });
});

describe('<SyncIndicator /> during a long download', () => {
  it('names the full count, shows its share rounded down for a phone, and the count in the panel', async () => {
    status.mockReturnValue({
      ...IDLE,
      syncing: true,
      pullProgress: { applied: 199_999, total: 200_678 },
    });
    render(<SyncIndicator userId="u-siti" />);
    const button = screen.getByTestId('sync-indicator');
    // The short share is hidden from assistive technology: the name is the whole sentence.
    expect(button.querySelector('[aria-hidden="true"].sync-label-short')?.textContent).toBe(
      'Mengunduh 99%',
    );
    expect(screen.getByRole('button', { name: 'Mengunduh data 199.999 dari 200.678…' })).toBe(
      button,
    );
    await userEvent.setup().click(button);
    expect(screen.getByRole('region', { name: 'Status sinkronisasi' }).textContent).toContain(
      'Mengunduh data 199.999 dari 200.678…',
    );
  });

  it('keeps one label, with no share, while nothing is being counted', () => {
    status.mockReturnValue({ ...IDLE, syncing: true });
    render(<SyncIndicator userId="u-siti" />);
    expect(screen.getByTestId('sync-indicator').querySelectorAll('.sync-label')).toHaveLength(1);
  });
});

describe('<SyncIndicator /> behind the open drawer', () => {
  it('keeps its status region out of the inert top bar, so a lost connection is still said', () => {
    // On a phone the open drawer makes the top bar inert, and an inert subtree is out of the
    // accessibility tree: a live region inside it would say nothing.
    status.mockReturnValue(IDLE);
    const inTopBar = () => (
      <div className="topbar-end" inert>
        <SyncIndicator userId="u-siti" />
      </div>
    );
    const { rerender } = render(inTopBar());
    expect(screen.getByRole('status').closest('[inert]')).toBeNull();

    status.mockReturnValue({ ...IDLE, online: false });
    rerender(inTopBar());
    expect(screen.getByRole('status').textContent).toBe('Luring');
    expect(screen.getByRole('status').closest('[inert]')).toBeNull();
    // Only the region: the button stays behind the drawer with the rest of the top bar.
    expect(screen.getByTestId('sync-indicator').closest('[inert]')).not.toBeNull();
  });
});
