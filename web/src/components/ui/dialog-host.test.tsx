// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDialogQueue } from '../../client/dialog.js';
import { initI18n } from '../../lib/i18n.js';
import { DialogHost } from './dialog-host.js';

beforeAll(() => {
  initI18n('id');
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('id');
});

describe('<DialogHost />', () => {
  it('shows queued dialogs one at a time and returns each answer with the textarea value', async () => {
    const user = userEvent.setup();
    const queue = createDialogQueue();
    render(<DialogHost queue={queue} />);
    let first!: ReturnType<typeof queue.open>;
    let second!: ReturnType<typeof queue.open>;
    act(() => {
      first = queue.open({ title: 'Hapus laporan?', text: 'Aksi ini tidak bisa dibatalkan' });
      second = queue.open({ title: 'Tolak permintaan', input: { label: 'Catatan' } });
    });

    expect(screen.getByRole('heading', { name: 'Hapus laporan?' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Tolak permintaan' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    await expect(first).resolves.toEqual({ confirmed: false, dismissedBy: 'cancel' });

    await user.type(await screen.findByLabelText('Catatan'), 'Stok habis');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(second).resolves.toEqual({ confirmed: true, value: 'Stok habis' });
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('names the cancel button it was given no label for in the interface language', async () => {
    await i18next.changeLanguage('en');
    const queue = createDialogQueue();
    render(<DialogHost queue={queue} />);
    let asked!: ReturnType<typeof queue.open>;
    act(() => {
      asked = queue.open({ title: 'Delete report?', confirmLabel: 'Delete' });
    });

    expect(screen.queryByRole('button', { name: 'Batal' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(asked).resolves.toEqual({ confirmed: false, dismissedBy: 'cancel' });
  });

  it('treats Escape (the dialog cancel event) and a backdrop click as dismissals', async () => {
    const queue = createDialogQueue();
    const { container } = render(<DialogHost queue={queue} />);
    let escaped!: ReturnType<typeof queue.open>;
    act(() => {
      escaped = queue.open({ title: 'Satu' });
    });
    const dialog = container.querySelector('dialog');
    if (dialog === null) throw new Error('no dialog');
    act(() => {
      fireEvent(dialog, new Event('cancel', { cancelable: true }));
    });
    await expect(escaped).resolves.toEqual({ confirmed: false, dismissedBy: 'escape' });

    let outside!: ReturnType<typeof queue.open>;
    act(() => {
      outside = queue.open({ title: 'Dua' });
    });
    const next = container.querySelector('dialog');
    if (next === null) throw new Error('no dialog');
    fireEvent.click(next);
    await expect(outside).resolves.toEqual({ confirmed: false, dismissedBy: 'outside' });
  });

  it('ignores a backdrop click when outside click is off', () => {
    const queue = createDialogQueue();
    const { container } = render(<DialogHost queue={queue} />);
    act(() => {
      void queue.open({ title: 'Wajib dijawab', allowOutsideClick: false });
    });
    const dialog = container.querySelector('dialog');
    if (dialog === null) throw new Error('no dialog');
    fireEvent.click(dialog);
    expect(queue.current()?.options.title).toBe('Wajib dijawab');
  });

  it('gives focus back to the element that opened it once answered', async () => {
    const user = userEvent.setup();
    const queue = createDialogQueue();
    render(
      <>
        <button type="button" onClick={() => void queue.open({ title: 'Buang isian?' })}>
          Batal
        </button>
        <DialogHost queue={queue} />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Batal' });
    await user.click(opener);
    const inside = screen.getByRole('button', { name: 'OK' });
    inside.focus();
    expect(document.activeElement).toBe(inside);

    // Escape: the <dialog> is unmounted with the answer, taking the focus with it.
    const dialog = inside.closest('dialog');
    if (dialog === null) throw new Error('no dialog');
    act(() => {
      fireEvent(dialog, new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('heading')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves the focus where the answer moved it', async () => {
    const user = userEvent.setup();
    const queue = createDialogQueue();
    render(
      <>
        <button
          type="button"
          onClick={() => {
            void queue.open({ title: 'Pindah?' }).then(() => {
              document.getElementById('elsewhere')?.focus();
            });
          }}
        >
          Buka
        </button>
        <input id="elsewhere" aria-label="Lain" />
        <DialogHost queue={queue} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Buka' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Lain'));
  });
});
