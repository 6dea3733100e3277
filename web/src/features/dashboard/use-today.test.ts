// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToday } from './use-today.js';

afterEach(() => vi.useRealTimers());

describe('useToday', () => {
  it('moves to the next day at midnight, and when the page is shown again after one', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 27, 23, 59, 0));
    const { result } = renderHook(() => useToday());
    expect(result.current).toBe(new Date(2026, 10, 27).toDateString());

    act(() => {
      vi.advanceTimersByTime(2 * 60_000);
    });
    expect(result.current).toBe(new Date(2026, 10, 28).toDateString());

    // Asleep in a pocket past another midnight (timers do not run): shown again, it catches up.
    vi.setSystemTime(new Date(2026, 10, 30, 7, 0, 0));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current).toBe(new Date(2026, 10, 30).toDateString());
  });
});
