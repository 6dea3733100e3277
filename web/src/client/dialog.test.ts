import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDialogQueue, DIALOG_DEFAULTS } from './dialog.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('dialog queue', () => {
  it('has the spec defaults: OK, outside click allowed (Batal comes from the host)', () => {
    const queue = createDialogQueue();
    void queue.open({ title: 'Hapus laporan?' });
    expect(queue.current()?.options).toMatchObject({
      title: 'Hapus laporan?',
      confirmLabel: 'OK',
      allowOutsideClick: true,
    });
    expect(queue.current()?.options.cancelLabel).toBeUndefined();
    expect(DIALOG_DEFAULTS.confirmLabel).toBe('OK');
  });

  it('shows one dialog at a time and answers each in order', async () => {
    const queue = createDialogQueue();
    const first = queue.open({ title: 'Satu' });
    const second = queue.open({ title: 'Dua', input: { label: 'Catatan' } });
    expect(queue.current()?.options.title).toBe('Satu');
    expect(queue.waiting()).toBe(1);

    const firstId = queue.current()?.id ?? -1;
    queue.close(firstId, { confirmed: false, dismissedBy: 'escape' });
    await expect(first).resolves.toEqual({ confirmed: false, dismissedBy: 'escape' });
    expect(queue.current()?.options.title).toBe('Dua');

    // A late close for the dialog already answered changes nothing.
    queue.close(firstId, { confirmed: true });
    expect(queue.current()?.options.title).toBe('Dua');

    queue.close(queue.current()?.id ?? -1, { confirmed: true, value: 'rusak' });
    await expect(second).resolves.toEqual({ confirmed: true, value: 'rusak' });
    expect(queue.current()).toBeNull();
  });

  it('closes a timed dialog on its own, and starts the next one’s timer only when shown', async () => {
    vi.useFakeTimers();
    const queue = createDialogQueue();
    const timed = queue.open({ title: 'Tersimpan', timerMs: 2_000 });
    const next = queue.open({ title: 'Berikut', timerMs: 1_000 });
    vi.advanceTimersByTime(1_999);
    expect(queue.current()?.options.title).toBe('Tersimpan');
    vi.advanceTimersByTime(1);
    await expect(timed).resolves.toEqual({ confirmed: false, dismissedBy: 'timer' });
    expect(queue.current()?.options.title).toBe('Berikut');
    vi.advanceTimersByTime(1_000);
    await expect(next).resolves.toEqual({ confirmed: false, dismissedBy: 'timer' });
  });

  it('notifies subscribers on every change', () => {
    const queue = createDialogQueue();
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    void queue.open({ title: 'A' });
    queue.close(queue.current()?.id ?? -1, { confirmed: true });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
