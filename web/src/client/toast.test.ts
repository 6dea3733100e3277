import { afterEach, describe, expect, it, vi } from 'vitest';

// The demand is the module's own state: each test starts from a freshly imported one.
const freshToast = async () => {
  vi.resetModules();
  return import('./toast.js');
};

afterEach(() => {
  vi.doUnmock('sonner');
});

describe('toasterDemand', () => {
  it('wants the toaster from the first toast on, and says so once', async () => {
    const { toast, toasterDemand } = await freshToast();
    const heard = vi.fn();
    toasterDemand.subscribe(heard);
    expect(toasterDemand.wanted()).toBe(false);
    toast.error('Gagal menyimpan tema.');
    expect(toasterDemand.wanted()).toBe(true);
    toast.success('Tersimpan');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('does not want it for a dismissal when nothing was shown', async () => {
    const { toast, toasterDemand } = await freshToast();
    toast.dismiss('urs-toast-1');
    toast.dismiss();
    expect(toasterDemand.wanted()).toBe(false);
  });

  it('shows a toast asked for before the toaster mounted, once it has', async () => {
    const shown = vi.fn();
    vi.doMock('sonner', () => ({ toast: { info: shown } }));
    const { toast, markToasterMounted } = await freshToast();
    const id = toast.info('Pengumuman baru', 'Rapat guru pukul 10.00');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shown).not.toHaveBeenCalled();
    markToasterMounted();
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
    expect(shown).toHaveBeenCalledWith('Pengumuman baru', {
      id,
      description: 'Rapat guru pukul 10.00',
      duration: 3_000,
    });
  });
});
