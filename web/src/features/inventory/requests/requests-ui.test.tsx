// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { MAX_IMAGE_BYTES, newId, type ItemRequest } from '@urs/sync-protocol';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../client/toast.js');

import type { UrsDatabase } from '../../../db/database.js';
import { initI18n } from '../../../lib/i18n.js';
import { toast } from '../../../client/toast.js';
import { claimLocalData } from '../../../sync/index.js';
import { FIXED_NOW, jpegBytes, openTestDatabase, refuse } from '../../../test/sync-fixtures.js';
import { RequestDetail } from './detail/request-detail.js';
import { RequestForm } from './form/request-form.js';
import type { RequestEntry } from './list/requests-list.js';
import type { PickerItem } from './data/requests-queries.js';
import { request } from './test-fixtures.js';

const ME = newId();
const ADMIN = newId();
const ITEM = newId();
const items: PickerItem[] = [
  {
    id: ITEM,
    name: 'Kertas HVS A4',
    unit: 'rim',
    active: true,
    sku: 'ATK-01',
    stock: 40,
    trackable: true,
  },
  {
    id: newId(),
    name: 'Tinta lama',
    unit: 'botol',
    active: false,
    sku: null,
    stock: 0,
    trackable: true,
  },
  {
    id: newId(),
    name: 'Paku 5 cm',
    unit: 'pak',
    active: true,
    sku: null,
    stock: -1_045,
    trackable: true,
  },
];

let db: UrsDatabase;

/**
 * A picked file. Node's File, not jsdom's: jsdom's bytes come from another realm, and Node's
 * WebCrypto (which hashes the photo) refuses their ArrayBuffer. Browsers have one realm.
 */
const picked = (bytes: Uint8Array<ArrayBuffer>, name: string) =>
  new NodeFile([bytes], name, { type: 'image/jpeg' }) as unknown as File;

beforeAll(() => {
  initI18n('id');
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
beforeEach(() => {
  db = openTestDatabase();
});
afterEach(() => {
  cleanup();
  db.close();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

function renderForm(onCreated = vi.fn()) {
  render(
    <RequestForm
      userId={ME}
      items={items}
      onClose={vi.fn()}
      onCreated={onCreated}
      database={db}
      compress={null}
    />,
  );
  return onCreated;
}

describe('<RequestForm />', () => {
  it('a stock request without an item shows "Pilih barang" and queues nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    // Only active items are offered.
    const select = screen.getByLabelText('Barang');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Pilih barang',
      'Kertas HVS A4 (stok 40 rim)',
      'Paku 5 cm (stok -1.045 pak: minus, perlu dikoreksi)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Kirim permintaan' }));
    expect(
      await screen.findByText('Pilih barang: Silakan pilih barang yang ingin diminta.'),
    ).toBeDefined();
    expect(toast.error).toHaveBeenCalledWith(
      'Pilih barang',
      'Silakan pilih barang yang ingin diminta.',
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('says in words, under the picker too, that a chosen item is below zero', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByTestId('request-item-below-zero')).toBeNull();
    await user.selectOptions(
      screen.getByLabelText('Barang'),
      'Paku 5 cm (stok -1.045 pak: minus, perlu dikoreksi)',
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Stok Paku 5 cm tercatat -1.045 pak, di bawah nol: staf inventori perlu mengoreksinya. Permintaan tetap bisa dikirim.',
    );
    await user.selectOptions(screen.getByLabelText('Barang'), 'Kertas HVS A4 (stok 40 rim)');
    expect(screen.queryByTestId('request-item-below-zero')).toBeNull();
  });

  it('an empty custom request shows the name and image pairs as field errors', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByLabelText(/Barang baru/));
    await user.click(screen.getByRole('button', { name: 'Kirim permintaan' }));
    expect(
      await screen.findByText('Lengkapi nama barang: Isi nama barang yang ingin diajukan.'),
    ).toBeDefined();
    expect(
      screen.getByText('Unggah gambar: Silakan unggah gambar produk sebagai referensi.'),
    ).toBeDefined();
    expect(toast.error).toHaveBeenCalledWith(
      'Lengkapi nama barang',
      'Isi nama barang yang ingin diajukan.',
    );
    expect(await db.outbox.count()).toBe(0);
    expect(await db.photos.count()).toBe(0);
  });

  it('refuses an image over 10 MB on pick, keeping no preview', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByLabelText(/Barang baru/));
    const big = picked(jpegBytes(1, MAX_IMAGE_BYTES + 1), 'besar.jpg');
    await user.upload(screen.getByTestId('request-image-gallery'), big);
    expect(
      await screen.findByText('File terlalu besar: Ukuran gambar maksimal 10 MB.'),
    ).toBeDefined();
    expect(toast.error).toHaveBeenCalledWith('File terlalu besar', 'Ukuran gambar maksimal 10 MB.');
    expect(screen.queryByAltText('Pratinjau gambar produk')).toBeNull();
  });

  it('previews a picked image, lets it be replaced, and saves the custom request offline-first', async () => {
    const user = userEvent.setup();
    const onCreated = renderForm();
    await user.click(screen.getByLabelText(/Barang baru/));
    await user.type(screen.getByLabelText('Nama barang'), 'Kursi lipat');
    await user.upload(
      screen.getByTestId('request-image-gallery'),
      picked(jpegBytes(2, 300), 'kursi.jpg'),
    );
    expect(await screen.findByAltText('Pratinjau gambar produk')).toBeDefined();
    expect(screen.getByText(/kursi\.jpg/)).toBeDefined();
    // The same picker now reads "replace"; a second file takes the first one's place.
    expect(screen.getByText('Ganti gambar')).toBeDefined();
    await user.upload(
      screen.getByTestId('request-image-gallery'),
      picked(jpegBytes(3, 400), 'kursi-2.jpg'),
    );
    expect(await screen.findByText(/kursi-2\.jpg/)).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Kirim permintaan' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const created = onCreated.mock.calls[0]?.[0] as ItemRequest;
    expect(created).toMatchObject({ custom_name: 'Kursi lipat', number: null, status: 'pending' });
    const photos = await db.photos.toArray();
    expect(photos.map((p) => p.size_bytes)).toEqual([400]);
    const [entry] = await db.outbox.toArray();
    expect(entry?.photo_ids).toEqual([photos[0]?.id]);
    expect(entry?.mutation.args).toMatchObject({ image_sha256: photos[0]?.sha256 });
  });
});

describe('<RequestForm /> when the device cannot save', () => {
  it('toasts "Gagal membuat permintaan barang" with the cause and leaves nothing behind', async () => {
    const user = userEvent.setup();
    render(
      <RequestForm
        userId={ME}
        items={items}
        onClose={vi.fn()}
        onCreated={vi.fn()}
        database={db}
        compress={() => Promise.reject(new Error('Kanvas tidak tersedia'))}
      />,
    );
    await user.click(screen.getByLabelText(/Barang baru/));
    await user.type(screen.getByLabelText('Nama barang'), 'Kursi lipat');
    await user.upload(screen.getByTestId('request-image-camera'), picked(jpegBytes(5), 'a.jpg'));
    await screen.findByAltText('Pratinjau gambar produk');
    await user.click(screen.getByRole('button', { name: 'Kirim permintaan' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Gagal membuat permintaan barang',
        'Kanvas tidak tersedia',
      ),
    );
    expect(screen.getByRole('alert').textContent).toBe('Kanvas tidak tersedia');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.photos.count()).toBe(0);
  });
});

describe('<RequestDetail />', () => {
  const pending: ItemRequest = request({
    number: 'REQ-2026-000003',
    item_id: ITEM,
    quantity: 5,
    needed_date: '2026-12-01',
    notes: 'Untuk ujian',
    requester_id: ME,
    created_at: '2026-11-20T01:00:00.000Z',
    updated_at: '2026-11-20T01:00:00.000Z',
  });
  const entry = (request: ItemRequest): RequestEntry => ({
    request,
    itemName: 'Kertas HVS A4',
    unit: 'rim',
    requesterName: 'Siti Aminah',
    approverName: request.approver_id === null ? null : 'Pak Admin',
  });

  it('non-admins see no decision buttons', () => {
    render(
      <RequestDetail
        entry={entry(pending)}
        loading={false}
        mark={undefined}
        user={{ id: ME, name: 'Siti Aminah', role: 'custodian' }}
        online
        onClose={vi.fn()}
        database={db}
      />,
    );
    expect(screen.getByText('5 rim')).toBeDefined();
    expect(screen.getByText('Menunggu keputusan admin')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Setujui' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tolak' })).toBeNull();
  });

  it('an admin approves with notes: request.approve is queued and the row changes at once', async () => {
    const user = userEvent.setup();
    await claimLocalData(db, ADMIN);
    await db.item_requests.put(pending);
    render(
      <RequestDetail
        entry={entry(pending)}
        loading={false}
        mark={undefined}
        user={{ id: ADMIN, name: 'Pak Admin', role: 'admin' }}
        online
        onClose={vi.fn()}
        database={db}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Setujui' }));
    const modal = await screen.findByTestId('request-decision');
    await user.type(within(modal).getByLabelText(/Catatan untuk pemohon/), 'Ambil besok');
    await user.click(within(modal).getByRole('button', { name: 'Setujui' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Permintaan disetujui.'));
    const [queued] = await db.outbox.toArray();
    expect(queued?.mutation).toMatchObject({
      name: 'request.approve',
      args: { id: pending.id, notes: 'Ambil besok' },
    });
    expect(await db.item_requests.get(pending.id)).toMatchObject({
      status: 'approved',
      approver_id: ADMIN,
      approver_notes: 'Ambil besok',
    });
  });

  it("shows the server's conflict message and restores the server's version on dismiss", async () => {
    const user = userEvent.setup();
    const message = 'Permintaan REQ-2026-000003 sudah ditolak sebelumnya; status tidak diubah.';
    await claimLocalData(db, ADMIN);
    await db.item_requests.put(pending);
    const { decideItemRequest } = await import('./data/requests-save.js');
    await decideItemRequest(db, { id: ADMIN, role: 'admin' }, pending.id, 'approved', '', {
      now: () => new Date(FIXED_NOW),
    });
    const [queued] = await db.outbox.toArray();
    await refuse(db, queued, {
      code: 'conflict',
      message,
    });
    const approved = (await db.item_requests.get(pending.id))!;
    render(
      <RequestDetail
        entry={{ ...entry(approved), approverName: 'Pak Admin' }}
        loading={false}
        mark={{ pending: [], refused: [{ entryId: queued!.id, name: 'request.approve', message }] }}
        user={{ id: ADMIN, name: 'Pak Admin', role: 'admin' }}
        online
        onClose={vi.fn()}
        database={db}
      />,
    );
    const alert = screen.getByTestId('request-conflict');
    expect(within(alert).getByText(message)).toBeDefined();
    expect(screen.getByText('Keputusan ditolak server')).toBeDefined();
    await user.click(
      within(alert).getByRole('button', { name: 'Tutup dan pulihkan versi server' }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Versi server dipulihkan.'));
    expect(await db.outbox.count()).toBe(0);
    expect(await db.item_requests.get(pending.id)).toEqual(pending);
  });
});
