import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAnnouncementPoller,
  UNREAD_FETCH_ERROR,
  UNREAD_MIN_GAP_MS,
  UNREAD_POLL_INTERVAL_MS,
} from './announcement-poller.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A fetch whose answers the test releases one by one. */
function controlledFetch() {
  const calls: { resolve: (n: number) => void; reject: (e: unknown) => void }[] = [];
  const fetchCount = vi.fn(
    () =>
      new Promise<number>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { fetchCount, calls };
}

describe('announcement poller', () => {
  it('uses the spec timings', () => {
    expect(UNREAD_POLL_INTERVAL_MS).toBe(60_000);
    expect(UNREAD_MIN_GAP_MS).toBe(15_000);
  });

  it('fetches at start, then every 60 seconds', async () => {
    const fetchCount = vi.fn(() => Promise.resolve(0));
    const poller = createAnnouncementPoller({ fetchCount, onRise: vi.fn() });
    poller.start();
    expect(fetchCount).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchCount).toHaveBeenCalledTimes(3);
    poller.stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetchCount).toHaveBeenCalledTimes(3);
  });

  it('skips a non-forced fetch within 15 seconds of the last, but not a forced one', async () => {
    const fetchCount = vi.fn(() => Promise.resolve(0));
    const poller = createAnnouncementPoller({ fetchCount, onRise: vi.fn() });
    poller.start();
    await vi.advanceTimersByTimeAsync(14_999);
    await poller.refresh();
    expect(fetchCount).toHaveBeenCalledTimes(1);
    await poller.refresh({ force: true });
    expect(fetchCount).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(15_000);
    await poller.refresh();
    expect(fetchCount).toHaveBeenCalledTimes(3);
    poller.stop();
  });

  it('never runs two fetches at once, even forced', async () => {
    const { fetchCount, calls } = controlledFetch();
    const poller = createAnnouncementPoller({ fetchCount, onRise: vi.fn() });
    poller.start();
    void poller.refresh({ force: true });
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_INTERVAL_MS);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    calls[0]?.resolve(2);
    await vi.advanceTimersByTimeAsync(0);
    const forced = poller.refresh({ force: true });
    expect(fetchCount).toHaveBeenCalledTimes(2);
    calls[1]?.resolve(2);
    await forced;
    poller.stop();
  });

  it('toasts only when the count rises while signed in, not for what was unread at sign-in', async () => {
    const answers = [2, 2, 1, 4];
    const fetchCount = vi.fn(() => Promise.resolve(answers.shift() ?? 0));
    const onRise = vi.fn();
    const poller = createAnnouncementPoller({ fetchCount, onRise });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(poller.getCount()).toBe(2);
    expect(onRise).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000); // 2 -> 2
    await vi.advanceTimersByTimeAsync(60_000); // 2 -> 1
    expect(onRise).not.toHaveBeenCalled();
    expect(poller.getCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000); // 1 -> 4
    expect(onRise).toHaveBeenCalledTimes(1);
    expect(onRise).toHaveBeenLastCalledWith(4);
    poller.stop();
  });

  it('takes the first answer of each new session as its baseline', async () => {
    const answers = [3, 5, 5, 6];
    const fetchCount = vi.fn(() => Promise.resolve(answers.shift() ?? 0));
    const onRise = vi.fn();
    const poller = createAnnouncementPoller({ fetchCount, onRise });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(60_000); // 3 -> 5 while signed in
    expect(onRise).toHaveBeenCalledTimes(1);
    expect(onRise).toHaveBeenLastCalledWith(5);
    poller.stop();
    poller.start(); // someone signs in again: 5 were unread before
    await vi.advanceTimersByTimeAsync(0);
    expect(poller.getCount()).toBe(5);
    expect(onRise).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000); // 5 -> 6
    expect(onRise).toHaveBeenCalledTimes(2);
    expect(onRise).toHaveBeenLastCalledWith(6);
    poller.stop();
  });

  it('only logs a failure and keeps the count', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('offline');
    const fetchCount = vi
      .fn<() => Promise<number>>()
      .mockResolvedValueOnce(3)
      .mockRejectedValueOnce(failure);
    const onRise = vi.fn();
    const poller = createAnnouncementPoller({ fetchCount, onRise });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(error).toHaveBeenCalledWith(UNREAD_FETCH_ERROR, failure);
    expect(poller.getCount()).toBe(3);
    expect(onRise).not.toHaveBeenCalled();
    poller.stop();
  });

  it('says whether this session has had an answer: not before it, nor after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchCount = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(0);
    const poller = createAnnouncementPoller({ fetchCount, onRise: vi.fn() });
    expect(poller.hasAnswered()).toBe(false);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(poller.hasAnswered()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poller.hasAnswered()).toBe(true);
    expect(poller.getCount()).toBe(0);
    poller.stop();
    expect(poller.hasAnswered()).toBe(false);
  });

  it('ignores an answer that arrives after stop (the session ended)', async () => {
    const { fetchCount, calls } = controlledFetch();
    const onRise = vi.fn();
    const poller = createAnnouncementPoller({ fetchCount, onRise });
    poller.start();
    poller.stop();
    calls[0]?.resolve(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(poller.getCount()).toBe(0);
    expect(onRise).not.toHaveBeenCalled();
  });
});
