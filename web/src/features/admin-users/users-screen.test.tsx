// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
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

describe('<UsersScreen />', () => {
  it('offers no delete on the signed-in admin’s own row, and does on the others', async () => {
    signedIn.user = admin;
    json.mockResolvedValue({
      data: [admin, siti],
      meta: { page: 1, per_page: 10, total: 2, last_page: 1 },
    });
    render(<UsersScreen />);

    expect(await screen.findByRole('button', { name: 'Hapus Siti Aminah' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Edit Admin Sekolah' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Hapus Admin Sekolah' })).toBeNull();
  });
});
