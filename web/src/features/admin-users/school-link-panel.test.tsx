// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const json = vi.hoisted(() => vi.fn());
vi.mock('../../client/api.js', () => ({ api: { json } }));
const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('../../client/toast.js', () => ({ toast }));
const confirmDialog = vi.hoisted(() => vi.fn());
vi.mock('../../client/dialog.js', () => ({ confirmDialog }));

import { ApiError } from '../../client/api-client.js';
import { useIndonesianComponents } from '../../test/component-setup.js';
import { registrationLink } from './school-link-api.js';
import { SchoolLinkPanel } from './school-link-panel.js';

/*
 * Issue 39 item 5: the admin sees their school's registration link to hand out, only where the
 * deployment has several schools, and can copy it or replace it.
 */

useIndonesianComponents(json, toast.success, toast.info, toast.error, confirmDialog);

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

interface School {
  name: string;
  registration_code: string | null;
  several_schools: boolean;
}

/** GET /api/school answers `school`; POST of a new code answers `renewed` (or fails). */
function server(school: School, renewed?: School | Error) {
  json.mockImplementation((method: string, path: string) => {
    if (method === 'GET' && path === 'api/school') return Promise.resolve({ data: school });
    if (method === 'POST' && path === 'api/school/registration-code') {
      if (renewed instanceof Error) return Promise.reject(renewed);
      if (renewed !== undefined) return Promise.resolve({ data: renewed });
    }
    return Promise.reject(new Error(`unexpected ${method} ${path}`));
  });
}

const SMP2 = { name: 'SMP Negeri 2', registration_code: 'KODE-B', several_schools: true };
const link = (code: string) => `${window.location.origin}/register?school=${code}`;
const linkField = () => screen.getByLabelText<HTMLInputElement>('Tautan pendaftaran');
const posts = () => json.mock.calls.filter(([method]) => method === 'POST');

describe('registrationLink', () => {
  it("is the app's registration page with the code, encoded", () => {
    expect(registrationLink('https://urs.dinas.go.id', 'a-B_9')).toBe(
      'https://urs.dinas.go.id/register?school=a-B_9',
    );
    expect(registrationLink('http://10.0.0.5:8787', 'a b&c')).toBe(
      'http://10.0.0.5:8787/register?school=a+b%26c',
    );
  });
});

describe('<SchoolLinkPanel />', () => {
  it('shows nothing on a single-school install', async () => {
    server({ name: 'SMA Harapan Nusantara', registration_code: 'X', several_schools: false });
    const { container } = render(<SchoolLinkPanel />);
    await waitFor(() => expect(json).toHaveBeenCalledWith('GET', 'api/school'));
    // The answer is in (its promise settled inside act), and still nothing is drawn.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.innerHTML).toBe('');
  });

  it("shows the school's link and copies it", async () => {
    server(SMP2);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<SchoolLinkPanel />);
    expect(await screen.findByRole('heading', { name: 'Tautan pendaftaran staf' })).toBeDefined();
    expect(screen.getByText(/staf SMP Negeri 2 yang belum punya akun/)).toBeDefined();
    expect(linkField().value).toBe(link('KODE-B'));
    expect(linkField().readOnly).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Salin tautan' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tautan pendaftaran disalin.'));
    expect(writeText).toHaveBeenCalledWith(link('KODE-B'));
  });

  it('selects the link for copying by hand where the browser has no clipboard (plain http)', async () => {
    server(SMP2);
    render(<SchoolLinkPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Salin tautan' }));
    await waitFor(() => expect(toast.info).toHaveBeenCalled());
    expect(toast.info.mock.calls[0]?.[0]).toMatch(/Tautan sudah dipilih/);
    expect(linkField().selectionStart).toBe(0);
    expect(linkField().selectionEnd).toBe(link('KODE-B').length);
  });

  it('replaces the link after asking, and keeps it when the admin says no', async () => {
    server(SMP2, { ...SMP2, registration_code: 'KODE-BARU' });
    render(<SchoolLinkPanel />);
    const renew = await screen.findByRole('button', { name: 'Buat tautan baru' });

    confirmDialog.mockResolvedValueOnce(false);
    fireEvent.click(renew);
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledTimes(1));
    expect(confirmDialog.mock.calls[0]?.[0]).toMatchObject({
      title: 'Buat tautan pendaftaran baru?',
    });
    expect(posts()).toEqual([]);
    expect(linkField().value).toBe(link('KODE-B'));

    confirmDialog.mockResolvedValueOnce(true);
    fireEvent.click(renew);
    await waitFor(() => expect(linkField().value).toBe(link('KODE-BARU')));
    expect(posts()).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Tautan pendaftaran baru dibuat.');
  });

  it('creates a first link without asking, when the school has none', async () => {
    server({ ...SMP2, registration_code: null }, SMP2);
    render(<SchoolLinkPanel />);
    expect(await screen.findByText('Sekolah Anda belum punya tautan pendaftaran.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Buat tautan' }));
    await waitFor(() => expect(linkField().value).toBe(link('KODE-B')));
    expect(confirmDialog).not.toHaveBeenCalled();
  });

  it('says why a new link could not be made, and keeps the old one', async () => {
    server(SMP2, new ApiError(500, 'Server error', { message: 'Terjadi kesalahan di server.' }));
    render(<SchoolLinkPanel />);
    confirmDialog.mockResolvedValueOnce(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Buat tautan baru' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Terjadi kesalahan di server.'));
    expect(linkField().value).toBe(link('KODE-B'));
    expect(screen.getByRole('button', { name: 'Buat tautan baru' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
