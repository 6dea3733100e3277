// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@urs/sync-protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const json = vi.hoisted(() => vi.fn());
vi.mock('../../client/api.js', () => ({ api: { json } }));
vi.mock('../../client/toast.js', () => ({
  toast: { success: vi.fn(), error: vi.fn() },
}));

import { applyLanguage } from '../../lib/i18n.js';
import { toast } from '../../client/toast.js';
import { ApiError } from '../../client/api-client.js';
import { loadEnglishErrorTexts } from '../../lib/error-text.js';
import { UserFormModal } from './user-form-modal.js';
import { testUser } from '../../test/user.js';
import { useIndonesianComponents } from '../../test/component-setup.js';

const siti: User = testUser({
  id: 'u-siti',
  phone: '081310450102',
  created_at: '2026-04-30T00:00:00.000Z',
  updated_at: '2026-04-30T00:00:00.000Z',
});

useIndonesianComponents(json);

describe('<UserFormModal />', () => {
  it('edits with blank password and phone: neither is sent, and the form says so', async () => {
    const user = userEvent.setup();
    json.mockResolvedValue({ data: { ...siti, name: 'Siti A.' } });
    const onSaved = vi.fn();
    render(
      <UserFormModal editing={{ mode: 'edit', user: siti }} onClose={vi.fn()} onSaved={onSaved} />,
    );
    expect(
      screen.getByText('Kosongkan jika password tidak diubah. Minimal 8 karakter.'),
    ).toBeDefined();
    expect(screen.getByText('Kosongkan jika nomor telepon tidak diubah.')).toBeDefined();
    const name = screen.getByLabelText('Nama');
    await user.clear(name);
    await user.type(name, 'Siti A.');
    await user.clear(screen.getByLabelText(/Nomor telepon/));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(json).toHaveBeenCalledWith('PUT', 'api/users/u-siti', {
      name: 'Siti A.',
      email: 'siti.aminah@urs.sch.id',
      role: 'custodian',
    });
    expect(onSaved).toHaveBeenCalled();
  });

  it('shows the failure toast and the server field errors on create', async () => {
    const user = userEvent.setup();
    json.mockRejectedValue(
      new ApiError(422, 'Data yang dikirim tidak valid.', {
        message: 'Data yang dikirim tidak valid.',
        errors: { email: ['Email sudah terdaftar.'] },
      }),
    );
    render(<UserFormModal editing={{ mode: 'create' }} onClose={vi.fn()} onSaved={vi.fn()} />);
    expect(screen.getByText('Minimal 8 karakter')).toBeDefined();
    await user.type(screen.getByLabelText('Nama'), 'Budi');
    await user.type(screen.getByLabelText('Email'), 'siti.aminah@urs.sch.id');
    await user.type(screen.getByLabelText('Password'), 'rahasia123');
    await user.type(screen.getByLabelText('Konfirmasi password'), 'rahasia123');
    await user.click(screen.getByRole('button', { name: 'Buat user' }));
    await screen.findByText('Email sudah terdaftar.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(vi.mocked(toast.error)).toHaveBeenCalledWith(
      'Tidak dapat membuat user.',
      'Data yang dikirim tidak valid.',
    );
  });

  it('checks the form with the shared schema before sending anything', async () => {
    const user = userEvent.setup();
    render(<UserFormModal editing={{ mode: 'create' }} onClose={vi.fn()} onSaved={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Buat user' }));
    expect(screen.getByText('Nama wajib diisi.')).toBeDefined();
    expect(screen.getByText('Password minimal 8 karakter.')).toBeDefined();
    expect(json).not.toHaveBeenCalled();
  });

  describe('in English', () => {
    beforeAll(async () => {
      applyLanguage('en');
      await loadEnglishErrorTexts();
    });
    afterAll(() => applyLanguage('id'));

    it("shows the contract's field errors in English, with the limit from the contract", async () => {
      const user = userEvent.setup();
      render(<UserFormModal editing={{ mode: 'create' }} onClose={vi.fn()} onSaved={vi.fn()} />);
      await user.type(screen.getByLabelText('Password'), 'pendek');
      await user.click(screen.getByRole('button', { name: 'Create user' }));
      expect(screen.getByText('Name is required.')).toBeDefined();
      expect(screen.getByText('Password must be at least 8 characters.')).toBeDefined();
      expect(screen.queryByText('Nama wajib diisi.')).toBeNull();
      expect(json).not.toHaveBeenCalled();
    });

    it("shows the server's refusal in English by its code, not its Indonesian message", async () => {
      const user = userEvent.setup();
      json.mockRejectedValue(
        new ApiError(422, 'Email sudah terdaftar.', {
          message: 'Email sudah terdaftar.',
          code: 'email_taken',
          errors: { email: ['Email sudah terdaftar.'] },
          field_reasons: { email: [{ code: 'email_taken' }] },
        }),
      );
      render(<UserFormModal editing={{ mode: 'create' }} onClose={vi.fn()} onSaved={vi.fn()} />);
      await user.type(screen.getByLabelText('Name'), 'Budi');
      await user.type(screen.getByLabelText('Email'), 'siti.aminah@urs.sch.id');
      await user.type(screen.getByLabelText('Password'), 'rahasia123');
      await user.type(screen.getByLabelText('Confirm password'), 'rahasia123');
      await user.click(screen.getByRole('button', { name: 'Create user' }));
      await screen.findByText('This email is already registered.');
      expect(screen.queryByText('Email sudah terdaftar.')).toBeNull();
    });
  });
});
