// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const json = vi.hoisted(() => vi.fn());
vi.mock('../../client/api.js', () => ({ api: { json } }));

import { useSsoConfig } from './sso-config.js';

afterEach(() => {
  cleanup();
  json.mockReset();
  vi.useRealTimers();
});

describe('the login screen’s single sign-on config', () => {
  it('is asked for in a task after the one that ran the effects, and shown once it answers', async () => {
    vi.useFakeTimers();
    json.mockResolvedValue({ enabled: true, provider: 'Microsoft Entra' });
    const { result } = renderHook(() => useSsoConfig(true));
    // The effects have run (renderHook wraps them in act), but the request waits for a timer.
    expect(json).not.toHaveBeenCalled();
    expect(result.current).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(json).toHaveBeenCalledTimes(1);
    expect(json).toHaveBeenCalledWith('GET', 'api/auth/sso');
    expect(result.current).toEqual({ enabled: true, provider: 'Microsoft Entra' });
  });

  it('is never asked for when the screen leaves before that task, nor on the admins’ form', async () => {
    vi.useFakeTimers();
    json.mockResolvedValue({ enabled: true });
    const { unmount } = renderHook(() => useSsoConfig(true));
    unmount();
    renderHook(() => useSsoConfig(false));
    await vi.advanceTimersByTimeAsync(10);
    expect(json).not.toHaveBeenCalled();
  });

  it('is asked for once under StrictMode’s second run of the effects', async () => {
    vi.useFakeTimers();
    json.mockResolvedValue({ enabled: false });
    const { result } = renderHook(() => useSsoConfig(true), { wrapper: StrictMode });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(json).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual({ enabled: false, provider: 'Microsoft' });
  });

  it('stays away, the email form still there, when the request fails (offline)', async () => {
    vi.useFakeTimers();
    json.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useSsoConfig(true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(json).toHaveBeenCalledTimes(1);
    expect(result.current).toBeNull();
  });
});
