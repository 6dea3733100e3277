// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { newId, type User } from '@urs/sync-protocol';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * "Laporan Saya" on the app's own Dexie database while the device's first download runs: the
 * reports on their way are not "none" (issue 45).
 */

const session = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../client/use-session.js', () => ({ useCurrentUser: () => session.user }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a className={className}>{children}</a>
  ),
}));

import { db } from '../../../db/index.js';
import { testUser } from '../../../test/user.js';
import { testReport } from '../../../test/report.js';
import { firstDownloadUnderWay } from '../../../test/sync-fixtures.js';
import { useIndonesianComponents } from '../../../test/component-setup.js';
import i18next from 'i18next';
import { MyReportsScreen } from './my-reports-screen.js';

useIndonesianComponents();

beforeEach(() => {
  session.user = testUser({ id: newId(), role: 'gardener' });
});
afterEach(async () => {
  await Promise.all([db.reports.clear(), db.sync_state.clear()]);
  await i18next.changeLanguage('id');
});

const me = () => session.user?.id ?? '';

describe('<MyReportsScreen /> during a first download', () => {
  it('says the reports are downloading, with the progress, instead of "none"', async () => {
    await firstDownloadUnderWay(db, me(), { applied: 15133, total: 17133 });
    render(<MyReportsScreen />);
    expect((await screen.findByTestId('first-download')).textContent).toContain(
      'Data sedang diunduh... 15.133 dari 17.133',
    );
    expect(screen.queryByText('Belum ada laporan.')).toBeNull();
  });

  it('says it in English too', async () => {
    await i18next.changeLanguage('en');
    await firstDownloadUnderWay(db, me());
    render(<MyReportsScreen />);
    expect((await screen.findByTestId('first-download')).textContent).toContain(
      'Data is downloading...',
    );
  });

  it('shows the reports already here, with a word that more may be on the way', async () => {
    await db.reports.put({
      ...testReport(newId(), new Date('2026-11-01T01:00:00.000Z'), 'pending', { reporter: me() }),
      description: 'Pagar taman roboh',
    });
    await firstDownloadUnderWay(db, me(), { applied: 1000, total: 3000 });
    render(<MyReportsScreen />);
    expect(await screen.findByText('Pagar taman roboh')).toBeDefined();
    expect(screen.getByTestId('first-download')).toBeDefined();
  });

  it('says "none" once the download is over and nothing is there', async () => {
    await firstDownloadUnderWay(db, me(), { applied: 10, total: 10 });
    await db.sync_state.update(me(), { filled: true, pull_progress: null });
    render(<MyReportsScreen />);
    expect(await screen.findByText('Belum ada laporan.')).toBeDefined();
    expect(screen.queryByTestId('first-download')).toBeNull();
  });
});
