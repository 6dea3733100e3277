// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { newId, type User } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/* A report screen for a report the device does not hold, during and after a first download. */

const session = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../client/use-session.js', () => ({ useCurrentUser: () => session.user }));

import { db } from '../../db/index.js';
import { testUser } from '../../test/user.js';
import { firstDownloadUnderWay } from '../../test/sync-fixtures.js';
import { useIndonesianComponents } from '../../test/component-setup.js';
import { ReportUnavailable } from './report-unavailable.js';
import './report-i18n.js';

useIndonesianComponents();

beforeEach(() => {
  session.user = testUser({ id: newId(), role: 'gardener' });
});
afterEach(() => db.sync_state.clear());

describe('<ReportUnavailable />', () => {
  it('says the report may be on its way, not "not found", while the first download runs', async () => {
    await firstDownloadUnderWay(db, session.user?.id ?? '', { applied: 2, total: 9 });
    render(<ReportUnavailable title="Edit Laporan" loading={false} />);
    expect((await screen.findByTestId('first-download')).textContent).toContain(
      'Data sedang diunduh... 2 dari 9',
    );
    expect(screen.queryByText('Laporan tidak ditemukan di perangkat ini.')).toBeNull();
  });

  it('says "not found on this device" when the device holds its data', async () => {
    render(<ReportUnavailable title="Edit Laporan" loading={false} />);
    expect(await screen.findByText('Laporan tidak ditemukan di perangkat ini.')).toBeDefined();
  });

  it("keeps another reason (the server's 404) as it is", async () => {
    await firstDownloadUnderWay(db, session.user?.id ?? '');
    render(<ReportUnavailable title="Detail" loading={false} message="Laporan tidak ditemukan." />);
    expect(await screen.findByText('Laporan tidak ditemukan.')).toBeDefined();
    expect(screen.queryByTestId('first-download')).toBeNull();
  });
});
