// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module.js';
import {
  RELOAD_AFTER_FAILURE_MS,
  RELOAD_AT_MOST_EVERY_MS,
  useLoadedWhen,
} from './use-loaded-when.js';

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

  it('tries a failed load again after a while when no online event comes, less often each time', async () => {
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
    // The second failure waits twice as long.
    await act(() => vi.advanceTimersByTimeAsync(2 * RELOAD_AFTER_FAILURE_MS - 1));
    expect(importer).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(importer).toHaveBeenCalledTimes(3);
    expect(result.current).toEqual({ name: 'toaster' });
    expect(console.warn).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits at most RELOAD_AT_MOST_EVERY_MS between tries, however many failed', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const importer = vi.fn(() => Promise.reject(chunkFailure()));
    renderHook(() => useLoadedWhen(lazyModule(importer), true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    // 10 s, 20 s, 40 s, 80 s, 160 s, then the ceiling (each retry is a render of its own).
    for (const seconds of [10, 20, 40, 80, 160]) {
      await act(() => vi.advanceTimersByTimeAsync(seconds * 1000));
    }
    expect(importer).toHaveBeenCalledTimes(6);
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_AT_MOST_EVERY_MS - 1));
    expect(importer).toHaveBeenCalledTimes(6);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(importer).toHaveBeenCalledTimes(7);
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_AT_MOST_EVERY_MS));
    expect(importer).toHaveBeenCalledTimes(8);
  });

  it('leaves no timer or online listener behind once nothing wants the module', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const removed = vi.spyOn(window, 'removeEventListener');
    const importer = vi.fn(() => Promise.reject(chunkFailure()));
    const module = lazyModule(importer);
    const { rerender } = renderHook(({ wanted }) => useLoadedWhen(module, wanted), {
      initialProps: { wanted: true },
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(vi.getTimerCount()).toBe(1);
    rerender({ wanted: false });
    expect(vi.getTimerCount()).toBe(0);
    expect(removed).toHaveBeenCalledWith('online', expect.any(Function));
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_AFTER_FAILURE_MS * 3));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('neither retries nor warns for a load that fails after the component is gone', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail!: (err: unknown) => void;
    const importer = vi.fn(
      () =>
        new Promise<{ name: string }>((_, reject) => {
          fail = reject;
        }),
    );
    const { unmount } = renderHook(() => useLoadedWhen(lazyModule(importer), true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    unmount();
    fail(chunkFailure());
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_FAILURE_MS * 3);
    expect(vi.getTimerCount()).toBe(0);
    expect(console.warn).not.toHaveBeenCalled();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('imports once under StrictMode, whose effects run twice', async () => {
    const importer = vi.fn(() => Promise.resolve({ name: 'dialog host' }));
    const { result } = renderHook(() => useLoadedWhen(lazyModule(importer), true), {
      reactStrictMode: true,
    });
    await vi.waitFor(() => expect(result.current).toEqual({ name: 'dialog host' }));
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
