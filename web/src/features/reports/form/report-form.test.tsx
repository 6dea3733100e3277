// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MAX_PHOTOS_PER_KIND,
  newId,
  REPORT_DRAFT_VERSION,
  type PhotoKind,
} from '@urs/sync-protocol';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/*
 * The report form's photo fields on the app's Dexie database (fake-indexeddb), with the photo
 * preparation (EXIF, compression, hash) held open by the test: what a phone takes seconds for.
 */

vi.mock('../../../client/toast.js');
const pending = vi.hoisted(() => [] as ((record: unknown) => void)[]);
const discarded = vi.hoisted(() => [] as string[]);
vi.mock('../../../sync/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof SyncModule>();
  return {
    ...actual,
    savePhoto: () => new Promise((resolve) => pending.push(resolve)),
    discardUnusedPhoto: (_db: unknown, id: string) => {
      discarded.push(id);
      return Promise.resolve();
    },
  };
});

import type * as SyncModule from '../../../sync/index.js';
import { initI18n } from '../../../lib/i18n.js';
import { dialogs } from '../../../client/dialog.js';
import { EMPTY_FORM, NEW_REPORT_STATUSES, type FormPhoto } from './report-form-state.js';
import { ReportForm } from './report-form.js';
import type { ReportFormProps } from './use-report-form.js';

beforeAll(() => initI18n('id'));
afterEach(() => {
  cleanup();
  pending.length = 0;
  discarded.length = 0;
  localStorage.clear();
});

const file = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

const formPhoto = (kind: PhotoKind): FormPhoto => ({
  id: newId(),
  kind,
  sha256: 'a'.repeat(64),
  mime_type: 'image/jpeg',
  size_bytes: 3,
  captured_at: null,
});

function renderForm(
  initialPhotos: FormPhoto[] = [],
  {
    draftKey = `urs_report_draft:test:${newId()}`,
    presetArea = '',
    onCancel = () => undefined,
    offerUnassigned = false,
  }: {
    draftKey?: string;
    presetArea?: string;
    onCancel?: () => void;
    offerUnassigned?: boolean;
  } = {},
) {
  const onSubmit = vi.fn<ReportFormProps['onSubmit']>(() => Promise.resolve(null));
  render(
    <ReportForm
      userId={newId()}
      draftKey={draftKey}
      initialValues={{ ...EMPTY_FORM, area_id: newId(), description: 'Atap bocor' }}
      presetValues={{ area_id: presetArea }}
      initialPhotos={initialPhotos}
      statusOptions={NEW_REPORT_STATUSES}
      onSubmit={onSubmit}
      onCancel={onCancel}
      offerUnassigned={offerUnassigned}
    />,
  );
  return onSubmit;
}

describe('the report form', () => {
  it('files a problem for someone else to fix: the switch is kept, the status is not asked', async () => {
    const user = userEvent.setup();
    const draftKey = `urs_report_draft:test:${newId()}`;
    const onSubmit = renderForm([], { draftKey, offerUnassigned: true });
    expect(screen.getByLabelText('Status')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Untuk diperbaiki orang lain' }));
    expect(screen.queryByLabelText('Status')).toBeNull();
    // Kept with the draft, so a reload keeps it too.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(draftKey) ?? '{}')).toMatchObject({
        values: { unassigned: true },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Simpan laporan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ unassigned: true });
  });

  it('offers no such switch when editing a report', () => {
    renderForm();
    expect(screen.queryByRole('checkbox', { name: 'Untuk diperbaiki orang lain' })).toBeNull();
  });

  it('asks before Batal throws away what was typed, and keeps it when the user goes back', async () => {
    const user = userEvent.setup();
    const draftKey = `urs_report_draft:test:${newId()}`;
    const onCancel = vi.fn();
    renderForm([], { draftKey, onCancel });
    await user.type(screen.getByLabelText(/Deskripsi/), ' dan lantai basah');
    await waitFor(() => expect(localStorage.getItem(draftKey)).not.toBeNull());

    await user.click(screen.getByRole('button', { name: 'Batal' }));
    // Before, one tap left the form and deleted its draft and photos.
    const asked = dialogs.current();
    expect(asked?.options.title).toBe('Buang isian laporan?');
    dialogs.close(asked?.id ?? 0, { confirmed: false, dismissedBy: 'cancel' });
    await waitFor(() => expect(dialogs.current()).toBeNull());
    expect(onCancel).not.toHaveBeenCalled();
    expect(localStorage.getItem(draftKey)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Batal' }));
    const again = dialogs.current();
    dialogs.close(again?.id ?? 0, { confirmed: true });
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(draftKey)).toBeNull();
  });

  it('discards a photo that finished while Batal asked, with the rest', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderForm([], { onCancel });
    await user.upload(screen.getByTestId('photo-gallery-before'), [file('a.jpg')]);
    await waitFor(() => expect(pending).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    const asked = dialogs.current();
    const id = newId();
    pending[0]?.({ id, sha256: 'd'.repeat(64), mime_type: 'image/jpeg', size_bytes: 3 });
    await screen.findByRole('button', { name: 'Simpan laporan' });
    dialogs.close(asked?.id ?? 0, { confirmed: true });
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(discarded).toContain(id);
  });

  it('leaves at once on Batal when nothing was typed', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(
      <ReportForm
        userId={newId()}
        draftKey={`urs_report_draft:test:${newId()}`}
        initialValues={EMPTY_FORM}
        presetValues={{ area_id: '' }}
        initialPhotos={[]}
        statusOptions={NEW_REPORT_STATUSES}
        onSubmit={() => Promise.resolve(null)}
        onCancel={onCancel}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(dialogs.current()).toBeNull();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('a save the device could not keep', () => {
  it('shows why, without asking to check fields none of which is marked', async () => {
    const user = userEvent.setup();
    const full = 'Penyimpanan perangkat penuh. Hapus data lama atau foto, lalu coba lagi.';
    render(
      <ReportForm
        userId={newId()}
        draftKey={`urs_report_draft:test:${newId()}`}
        initialValues={{ ...EMPTY_FORM, area_id: newId(), description: 'Atap bocor' }}
        initialPhotos={[]}
        statusOptions={NEW_REPORT_STATUSES}
        onSubmit={() => Promise.resolve({ _: [full] })}
        onCancel={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Simpan laporan' }));
    expect((await screen.findByRole('alert')).textContent).toBe(full);
  });
});

describe('the report form with photos', () => {
  it('is not saved while a picked photo is still being prepared, then saves it with the rest', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.upload(screen.getByTestId('photo-gallery-after'), [file('a.jpg'), file('b.jpg')]);
    await waitFor(() => expect(pending).toHaveLength(1));
    const save = screen.getByRole('button', { name: 'Memproses foto…' });
    expect((save as HTMLButtonElement | HTMLInputElement).disabled).toBe(true);

    for (let i = 0; i < 2; i++) {
      await waitFor(() => expect(pending.length).toBeGreaterThan(i));
      pending[i]?.({ id: newId(), sha256: 'b'.repeat(64), mime_type: 'image/jpeg', size_bytes: 3 });
    }
    const ready = await screen.findByRole('button', { name: 'Simpan laporan' });
    expect((ready as HTMLButtonElement | HTMLInputElement).disabled).toBe(false);
    await user.click(ready);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const photos = onSubmit.mock.calls[0]?.[1] ?? [];
    expect(photos.map((p) => p.kind)).toEqual(['after', 'after']);
  });

  it(`takes at most ${MAX_PHOTOS_PER_KIND} photos of a kind and closes its pickers there`, async () => {
    const user = userEvent.setup();
    renderForm(Array.from({ length: MAX_PHOTOS_PER_KIND - 1 }, () => formPhoto('before')));
    await user.upload(screen.getByTestId('photo-gallery-before'), [file('a.jpg'), file('b.jpg')]);
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(screen.getByRole('alert').textContent).toBe('Maksimal 10 foto sebelum per laporan.');
    pending[0]?.({ id: newId(), sha256: 'c'.repeat(64), mime_type: 'image/jpeg', size_bytes: 3 });
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>('photo-gallery-before').disabled).toBe(true),
    );
    expect(screen.getByTestId<HTMLInputElement>('photo-camera-before').disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('photo-gallery-after').disabled).toBe(false);
    expect(pending).toHaveLength(1);
  });

  it("takes a poster's area over an old draft's, keeps the rest of the draft and says so", async () => {
    const user = userEvent.setup();
    const draftKey = `urs_report_draft:test:${newId()}`;
    const [oldArea, posterArea] = [newId(), newId()];
    localStorage.setItem(
      draftKey,
      JSON.stringify({
        version: REPORT_DRAFT_VERSION,
        values: { ...EMPTY_FORM, area_id: oldArea, description: 'Kemarin: keran bocor' },
        photos: [],
        saved_at: '2026-11-26T08:00:00.000Z',
      }),
    );
    const onSubmit = renderForm([], { draftKey, presetArea: posterArea });
    await screen.findByText(/Areanya diganti dengan area dari poster yang dipindai\./);
    await user.click(screen.getByRole('button', { name: 'Simpan laporan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      area_id: posterArea,
      description: 'Kemarin: keran bocor',
    });
  });

  it('counts a whole pick against the limit at once, and refuses to save more than it', async () => {
    const user = userEvent.setup();
    renderForm();
    const ten = Array.from({ length: MAX_PHOTOS_PER_KIND }, (_, i) => file(`${i}.jpg`));
    await user.upload(screen.getByTestId('photo-gallery-before'), ten);
    await waitFor(() => expect(pending).toHaveLength(1));
    // Only the first is being prepared, but the other nine have their places already.
    expect(screen.getByTestId<HTMLInputElement>('photo-camera-before').disabled).toBe(true);
    cleanup();

    // A draft kept by an older app holds eleven: the form says so instead of saving them.
    const draftKey = `urs_report_draft:test:${newId()}`;
    localStorage.setItem(
      draftKey,
      JSON.stringify({
        version: REPORT_DRAFT_VERSION,
        values: { ...EMPTY_FORM, area_id: newId(), description: 'Banyak foto' },
        // Marked attached, so the form does not look for their bytes (there are none here).
        photos: Array.from({ length: MAX_PHOTOS_PER_KIND + 1 }, () => ({
          ...formPhoto('before'),
          attached: true,
        })),
        saved_at: '2026-11-26T08:00:00.000Z',
      }),
    );
    const onSubmit = renderForm([], { draftKey });
    await user.click(screen.getByRole('button', { name: 'Simpan laporan' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((alert) => alert.textContent?.includes('Maksimal 10 foto sebelum per laporan.')),
      ).toBe(true),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
