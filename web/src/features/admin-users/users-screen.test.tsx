// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const json = vi.hoisted(() => vi.fn());
vi.mock('../../client/api.js', () => ({ api: { json } }));
const signedIn = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../client/use-session.js', () => ({ useCurrentUser: () => signedIn.user }));

import type { User } from '@urs/sync-protocol';
import { useIndonesianComponents } from '../../test/component-setup.js';
import { testUser } from '../../test/user.js';
import { UsersScreen } from './users-screen.js';

const admin = testUser({ id: 'u-admin', name: 'Admin Sekolah', role: 'admin' });
const siti = testUser({ id: 'u-siti' });

useIndonesianComponents(json);

/** The user list, and the admin's own school on a single-school install or a district. */
function answer(severalSchools: boolean) {
  json.mockImplementation((_method: string, path: string) =>
    Promise.resolve(
      path === 'api/school'
        ? {
            data: {
              name: 'SMP Negeri 2',
              registration_code: 'KODE-B',
              several_schools: severalSchools,
            },
          }
        : { data: [admin, siti], meta: { page: 1, per_page: 10, total: 2, last_page: 1 } },
    ),
  );
}

describe('<UsersScreen />', () => {
  it('offers no delete on the signed-in admin’s own row, and does on the others', async () => {
    signedIn.user = admin;
    answer(false);
    render(<UsersScreen />);

    expect(await screen.findByRole('button', { name: 'Hapus Siti Aminah' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Edit Admin Sekolah' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Hapus Admin Sekolah' })).toBeNull();
  });

  it("shows the school's registration link above the list only in a district", async () => {
    signedIn.user = admin;
    answer(true);
    render(<UsersScreen />);
    expect(await screen.findByRole('heading', { name: 'Tautan pendaftaran staf' })).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('Tautan pendaftaran').value).toMatch(
      /\/register\?school=KODE-B$/,
    );
    cleanup();

    answer(false);
    render(<UsersScreen />);
    await screen.findByRole('button', { name: 'Hapus Siti Aminah' });
    await waitFor(() => expect(json).toHaveBeenCalledWith('GET', 'api/school'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('heading', { name: 'Tautan pendaftaran staf' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/tautan pendaftaran/i);
  });
});
