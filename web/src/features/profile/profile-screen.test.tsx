// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

const postPassword = vi.hoisted(() => vi.fn());
const postProfile = vi.hoisted(() => vi.fn());
vi.mock('./profile-api.js', () => ({ postPassword, postProfile }));
vi.mock('../../client/use-session.js', async () => {
  const { testUser } = await import('../../test/user.js');
  const user = testUser({ id: 'u-siti' });
  return {
    useCurrentUser: () => user,
    useAppSession: () => ({ session: { updateUser: vi.fn() } }),
  };
});
vi.mock('../../pwa/index.js', () => ({ useUnsavedChanges: vi.fn() }));
vi.mock('../../client/toast.js', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

import { ApiError } from '../../client/api-client.js';
import { useIndonesianComponents } from '../../test/component-setup.js';
import { ProfileScreen } from './profile-screen.js';

useIndonesianComponents(postPassword, postProfile);

describe('<ProfileScreen />', () => {
  it('focuses the first field the server refused, its error tied to it', async () => {
    const user = userEvent.setup();
    postPassword.mockRejectedValue(
      new ApiError(422, 'Data yang dikirim tidak valid.', {
        message: 'Data yang dikirim tidak valid.',
        errors: { current_password: ['Password saat ini wajib diisi.'] },
      }),
    );
    render(<ProfileScreen />);
    // Pressed from the button, which is disabled while the change is sent.
    await user.click(screen.getByRole('button', { name: 'Simpan password' }));

    const current = await screen.findByLabelText('Password saat ini');
    expect(document.activeElement).toBe(current);
    const described = current.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Password saat ini wajib diisi.');
  });

  it('leaves the focus where the user went while the other form was saving', async () => {
    const user = userEvent.setup();
    const { testUser } = await import('../../test/user.js');
    let answer = (_: unknown) => undefined as void;
    postProfile.mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    render(<ProfileScreen />);
    const name = screen.getByLabelText('Nama lengkap');
    await user.clear(name);
    await user.type(name, 'Siti A.');
    await user.click(screen.getByRole('button', { name: 'Simpan profil' }));
    // A slow upload: meanwhile the user goes on to change the password.
    const current = screen.getByLabelText('Password saat ini');
    await user.click(current);
    await user.keyboard('lama');

    answer(testUser({ id: 'u-siti', name: 'Siti A.' }));
    await screen.findByRole('button', { name: 'Simpan profil' });
    expect(document.activeElement).toBe(current);
  });
});
