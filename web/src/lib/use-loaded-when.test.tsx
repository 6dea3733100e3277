// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module.js';
import { RELOAD_AFTER_FAILURE_MS, useLoadedWhen } from './use-loaded-when.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module');

describe('useLoadedWhen', () => {
  it('loads nothing until the module is wanted, then keeps it when it is no longer wanted', async () => {
    const importer = vi.fn(() => Promise.resolve({ name: 'toaster' }));
    const module = lazyModule(importer);
    const { result, rerender } = renderHook(({ wanted }) => useLoadedWhen(module, wanted), {
      initialProps: { wanted: false },
    });
    await act(() => Promise.resolve());
    expect(importer).not.toHaveBeenCalled();
    expect(result.current).toBeNull();

    rerender({ wanted: true });
    await vi.waitFor(() => expect(result.current).toEqual({ name: 'toaster' }));
    rerender({ wanted: false });
    expect(result.current).toEqual({ name: 'toaster' });
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('starts with a module another part of the page loaded already', async () => {
    const module = lazyModule(() => Promise.resolve({ name: 'dialog host' }));
    await module.load();
    const { result } = renderHook(() => useLoadedWhen(module, false));
    expect(result.current).toEqual({ name: 'dialog host' });
  });

  it('tries a failed load again once the browser is online, without throwing into React', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const importer = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(chunkFailure())
      .mockResolvedValueOnce({ name: 'toaster' });
    const { result } = renderHook(() => useLoadedWhen(lazyModule(importer), true));
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalledTimes(1));
    expect(result.current).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(() => expect(result.current).toEqual({ name: 'toaster' }));
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('tries a failed load again after a while when no online event comes', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const importer = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(chunkFailure())
      .mockRejectedValueOnce(chunkFailure())
      .mockResolvedValueOnce({ name: 'toaster' });
    const { result } = renderHook(() => useLoadedWhen(lazyModule(importer), true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(importer).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_AFTER_FAILURE_MS - 1));
    expect(importer).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(importer).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_AFTER_FAILURE_MS));
    expect(importer).toHaveBeenCalledTimes(3);
    expect(result.current).toEqual({ name: 'toaster' });
    expect(console.warn).toHaveBeenCalledTimes(2);
  });

  it('stops trying once nothing wants the module any more', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const importer = vi.fn(() => Promise.reject(chunkFailure()));
    const module = lazyModule(importer);
    const { rerender } = renderHook(({ wanted }) => useLoadedWhen(module, wanted), {
      initialProps: { wanted: true },
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    rerender({ wanted: false });
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_AFTER_FAILURE_MS * 3));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
