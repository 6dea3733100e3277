// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useIndonesianComponents } from '../../test/component-setup.js';
import { FormModal } from './form-modal.js';
import { TextField } from './text-field.js';

useIndonesianComponents();

type Errors = Record<string, string[]>;

/**
 * A two-field modal whose save answers `answer` (field errors, or a message for the whole form),
 * at once or, with `slow`, after a busy wait as the inventory's forms do.
 */
function Modal({ answer, slow = false }: { answer: Errors | string; slow?: boolean }) {
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = () => {
    if (typeof answer === 'string') setError(answer);
    else setErrors(answer);
  };
  return (
    <FormModal
      title="Tambah barang"
      submitLabel="Simpan"
      busy={busy}
      error={error}
      onSubmit={() => {
        if (!slow) {
          settle();
          return;
        }
        setBusy(true);
        void Promise.resolve().then(() => {
          setBusy(false);
          settle();
        });
      }}
      onClose={() => undefined}
    >
      <TextField label="Nama" name="name" errors={errors['name']} />
      <TextField label="Satuan" name="unit" errors={errors['unit']} />
    </FormModal>
  );
}

describe('<FormModal />', () => {
  it('focuses the first field a failed save marks, its error tied to it', async () => {
    const user = userEvent.setup();
    render(<Modal answer={{ unit: ['Satuan wajib diisi.'], name: ['Nama wajib diisi.'] }} />);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    const name = screen.getByLabelText('Nama');
    expect(document.activeElement).toBe(name);
    const described = name.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Nama wajib diisi.');
  });

  it('does so after a save that kept the form busy (its buttons disabled) first', async () => {
    const user = userEvent.setup();
    render(<Modal answer={{ unit: ['Satuan wajib diisi.'] }} slow />);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    // The save settles a task later (React renders a promise's updates on its scheduler), and
    // the focus moves in the effect after that render: wait for it, whatever the host's load.
    const unit = screen.getByLabelText('Satuan');
    await waitFor(() => expect(document.activeElement).toBe(unit));
    expect(unit.getAttribute('aria-invalid')).toBe('true');
  });

  it('leaves a message for the whole form to its alert, focus in the dialog', async () => {
    const user = userEvent.setup();
    render(<Modal answer="Tidak ada koneksi." slow />);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Tidak ada koneksi.');
    const save = screen.getByRole('button', { name: 'Simpan' });
    await waitFor(() => expect(document.activeElement).toBe(save));
  });
});
