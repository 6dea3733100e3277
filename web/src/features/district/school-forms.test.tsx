// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { School } from '@urs/sync-protocol';
import { describe, expect, it, vi } from 'vitest';

const json = vi.hoisted(() => vi.fn());
vi.mock('../../client/api.js', () => ({ api: { json } }));
vi.mock('../../client/toast.js');
const confirm = vi.hoisted(() => vi.fn());
vi.mock('../../client/dialog.js', () => ({ confirmDialog: confirm }));

import { ApiError } from '../../client/api-client.js';
import { toast } from '../../client/toast.js';
import { useIndonesianComponents } from '../../test/component-setup.js';
import { testUser } from '../../test/user.js';
import { RegistrationLinkPanel } from './registration-link.js';
import { SchoolAdmins } from './school-admins.js';
import { SchoolCreateModal } from './school-create-modal.js';
import { useSchoolStatus } from './school-status.js';

useIndonesianComponents(json, confirm);

const school: School = {
  id: 'sch-2',
  name: 'SMP Negeri 2',
  registration_code: null,
  sso_domains: [],
  active: true,
  deactivated_at: null,
  created_at: '2026-12-01T00:00:00.000Z',
  updated_at: '2026-12-01T00:00:00.000Z',
};

/** A 422 as the API sends one: the codes by field, and their Indonesian texts for old clients. */
function refusal(fields: Record<string, string>) {
  return new ApiError(422, 'Data yang dikirim tidak valid.', {
    message: 'Data yang dikirim tidak valid.',
    field_reasons: Object.fromEntries(
      Object.entries(fields).map(([name, code]) => [name, [{ code }]]),
    ),
  });
}

async function fillNewSchool(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nama sekolah'), 'SMP Negeri 2');
  await user.type(screen.getByLabelText('Nama admin'), 'Dewi Lestari');
  await user.type(screen.getByLabelText('Email admin'), 'dewi@smpn2.sch.id');
  await user.type(screen.getByLabelText('Password'), 'rahasia-123');
  await user.type(screen.getByLabelText('Konfirmasi password'), 'rahasia-123');
}

describe('<SchoolCreateModal />', () => {
  it('creates the school and its first admin in one request', async () => {
    const user = userEvent.setup();
    json.mockResolvedValue({ data: { school, admin: testUser({ role: 'admin' }) } });
    const onCreated = vi.fn();
    render(<SchoolCreateModal onClose={vi.fn()} onCreated={onCreated} />);
    await fillNewSchool(user);
    await user.type(screen.getByLabelText('Domain email SSO (opsional)'), 'smpn2.sch.id');
    await user.click(screen.getByRole('button', { name: 'Buat sekolah' }));
    expect(json).toHaveBeenCalledWith('POST', 'api/district/schools', {
      name: 'SMP Negeri 2',
      sso_domains: ['smpn2.sch.id'],
      admin: {
        name: 'Dewi Lestari',
        email: 'dewi@smpn2.sch.id',
        phone: null,
        password: 'rahasia-123',
      },
    });
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(school));
    expect(vi.mocked(toast.success)).toHaveBeenCalledWith(
      'Sekolah SMP Negeri 2 berhasil dibuat. Admin-nya sekarang bisa masuk.',
    );
  });

  it('shows a taken school name and a taken email on their own fields, in Indonesian', async () => {
    const user = userEvent.setup();
    json.mockRejectedValue(refusal({ name: 'school_name_taken', 'admin.email': 'email_taken' }));
    render(<SchoolCreateModal onClose={vi.fn()} onCreated={vi.fn()} />);
    await fillNewSchool(user);
    await user.click(screen.getByRole('button', { name: 'Buat sekolah' }));
    await screen.findByText('Nama sekolah sudah dipakai.');
    expect(screen.getByLabelText('Nama sekolah').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Email sudah terdaftar.')).toBeDefined();
    expect(screen.getByLabelText('Email admin').getAttribute('aria-invalid')).toBe('true');
    expect(vi.mocked(toast.error)).toHaveBeenCalledWith(
      'Tidak dapat membuat sekolah.',
      'Data yang dikirim tidak valid.',
    );
  });

  it('says the connection is missing when the request cannot go out', async () => {
    const user = userEvent.setup();
    const { NetworkError } = await import('../../client/api-client.js');
    json.mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')));
    render(<SchoolCreateModal onClose={vi.fn()} onCreated={vi.fn()} />);
    await fillNewSchool(user);
    await user.click(screen.getByRole('button', { name: 'Buat sekolah' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/offline/);
  });

  it('checks every field before sending anything', async () => {
    const user = userEvent.setup();
    render(<SchoolCreateModal onClose={vi.fn()} onCreated={vi.fn()} />);
    await user.type(screen.getByLabelText('Password'), 'rahasia-123');
    await user.type(screen.getByLabelText('Konfirmasi password'), 'rahasia-12');
    await user.click(screen.getByRole('button', { name: 'Buat sekolah' }));
    expect(screen.getAllByText('Nama wajib diisi.')).toHaveLength(2);
    expect(screen.getByText('Konfirmasi password tidak cocok.')).toBeDefined();
    expect(json).not.toHaveBeenCalled();
  });
});

function StatusButton({ target, onDone }: { target: School; onDone: (s: School | null) => void }) {
  const toggle = useSchoolStatus();
  return (
    <button type="button" onClick={() => void toggle(target).then(onDone)}>
      ubah
    </button>
  );
}

describe('deactivating a school', () => {
  it('says users cannot sign in and nothing is deleted, then sends active: false', async () => {
    const user = userEvent.setup();
    confirm.mockResolvedValue(true);
    json.mockResolvedValue({ data: { ...school, active: false } });
    const onDone = vi.fn();
    render(<StatusButton target={school} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'ubah' }));
    const asked = confirm.mock.calls[0]?.[0] as { title: string; text: string; danger: boolean };
    expect(asked.title).toBe('Nonaktifkan SMP Negeri 2?');
    expect(asked.text).toMatch(/tidak dapat masuk/);
    expect(asked.text).toMatch(/Tidak ada data yang dihapus/);
    expect(asked.danger).toBe(true);
    expect(json).toHaveBeenCalledWith('PATCH', 'api/district/schools/sch-2', { active: false });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ ...school, active: false }));
  });

  it('sends nothing when the admin stays, and reactivates with its own question', async () => {
    const user = userEvent.setup();
    confirm.mockResolvedValue(false);
    const onDone = vi.fn();
    render(<StatusButton target={{ ...school, active: false }} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'ubah' }));
    expect(confirm.mock.calls[0]?.[0]).toMatchObject({ title: 'Aktifkan kembali SMP Negeri 2?' });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(null));
    expect(json).not.toHaveBeenCalled();
  });

  it('tells why it failed: a school another district admin removed reads as not found', async () => {
    const user = userEvent.setup();
    confirm.mockResolvedValue(true);
    json.mockRejectedValue(
      new ApiError(404, 'Sekolah tidak ditemukan.', {
        message: 'Sekolah tidak ditemukan.',
        code: 'school_not_found',
      }),
    );
    render(<StatusButton target={school} onDone={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'ubah' }));
    await waitFor(() =>
      expect(vi.mocked(toast.error)).toHaveBeenCalledWith(
        'Tidak dapat mengubah status sekolah.',
        'Sekolah tidak ditemukan.',
      ),
    );
  });
});

describe('<RegistrationLinkPanel />', () => {
  it('offers to make a link when there is none, and shows the new one', async () => {
    const user = userEvent.setup();
    json.mockResolvedValue({ data: { ...school, registration_code: 'Kd-9x' } });
    const onChanged = vi.fn();
    const { rerender } = render(<RegistrationLinkPanel school={school} onChanged={onChanged} />);
    expect(screen.getByText(/Belum ada tautan pendaftaran/)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Buat tautan' }));
    expect(json).toHaveBeenCalledWith('PATCH', 'api/district/schools/sch-2', {
      new_registration_code: true,
    });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    rerender(
      <RegistrationLinkPanel
        school={{ ...school, registration_code: 'Kd-9x' }}
        onChanged={onChanged}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Tautan pendaftaran' })).toHaveProperty(
      'value',
      `${location.origin}/register?school=Kd-9x`,
    );
  });

  it('asks before a new code, since the old link stops working', async () => {
    const user = userEvent.setup();
    confirm.mockResolvedValue(false);
    render(
      <RegistrationLinkPanel
        school={{ ...school, registration_code: 'old' }}
        onChanged={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Buat kode baru' }));
    const asked = confirm.mock.calls[0]?.[0] as { title: string; text: string };
    expect(asked.title).toBe('Buat kode pendaftaran baru?');
    expect(asked.text).toMatch(/Tautan lama tidak berlaku lagi/);
    expect(json).not.toHaveBeenCalled();
  });
});

describe("<SchoolAdmins />: the school's own user form, for its admins", () => {
  it('lists the admins and adds one without asking a role', async () => {
    const user = userEvent.setup();
    const dewi = testUser({ id: 'u-dewi', name: 'Dewi Lestari', role: 'admin' });
    json.mockImplementation((method: string) =>
      Promise.resolve(
        method === 'GET'
          ? { data: [dewi], meta: { page: 1, per_page: 100, total: 1, last_page: 1 } }
          : { data: testUser({ id: 'u-budi', name: 'Budi', role: 'admin' }) },
      ),
    );
    render(<SchoolAdmins schoolId="sch-2" />);
    const table = await screen.findByTestId('school-admins-table');
    await within(table).findByText('Dewi Lestari');
    await user.click(screen.getByRole('button', { name: 'Tambah admin' }));
    const dialog = screen.getByTestId('user-modal');
    expect(within(dialog).queryByLabelText('Peran')).toBeNull();
    await user.type(within(dialog).getByLabelText('Nama'), 'Budi');
    await user.type(within(dialog).getByLabelText('Email'), 'budi@smpn2.sch.id');
    await user.type(within(dialog).getByLabelText('Password'), 'rahasia-123');
    await user.type(within(dialog).getByLabelText('Konfirmasi password'), 'rahasia-123');
    await user.click(within(dialog).getByRole('button', { name: 'Buat admin' }));
    expect(json).toHaveBeenCalledWith('POST', 'api/district/schools/sch-2/admins', {
      name: 'Budi',
      email: 'budi@smpn2.sch.id',
      phone: null,
      role: 'admin',
      password: 'rahasia-123',
      password_confirmation: 'rahasia-123',
    });
    await waitFor(() =>
      expect(vi.mocked(toast.success)).toHaveBeenCalledWith('Admin berhasil dibuat.'),
    );
  });

  it("says why the school's last admin cannot be removed", async () => {
    const user = userEvent.setup();
    const dewi = testUser({ id: 'u-dewi', name: 'Dewi Lestari', role: 'admin' });
    confirm.mockResolvedValue(true);
    json.mockImplementation((method: string) =>
      method === 'GET'
        ? Promise.resolve({
            data: [dewi],
            meta: { page: 1, per_page: 100, total: 1, last_page: 1 },
          })
        : Promise.reject(new ApiError(409, 'x', { message: 'x', code: 'last_admin_delete' })),
    );
    render(<SchoolAdmins schoolId="sch-2" />);
    await user.click(await screen.findByRole('button', { name: 'Hapus Dewi Lestari' }));
    expect(json).toHaveBeenCalledWith('DELETE', 'api/district/schools/sch-2/admins/u-dewi');
    await waitFor(() =>
      expect(vi.mocked(toast.error)).toHaveBeenCalledWith('Tidak dapat menghapus admin terakhir.'),
    );
  });
});
