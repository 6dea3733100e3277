// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMinute } from './use-minute.js';

afterEach(() => vi.useRealTimers());

describe('useMinute', () => {
  it('moves at the turn of each minute, and when the page is shown again after a sleep', () => {
    vi.useFakeTimers();
    const start = new Date(2026, 11, 2, 9, 29, 40).getTime();
    vi.setSystemTime(start);
    const { result } = renderHook(() => useMinute());
    expect(result.current).toBe(new Date(2026, 11, 2, 9, 29).getTime());

    act(() => {
      vi.advanceTimersByTime(21_000);
    });
    expect(result.current).toBe(new Date(2026, 11, 2, 9, 30).getTime());

    vi.setSystemTime(new Date(2026, 11, 2, 13, 5, 10));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current).toBe(new Date(2026, 11, 2, 13, 5).getTime());
  });
});
