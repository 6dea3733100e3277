/** One long task as the page's `PerformanceObserver` reported it (ms from navigation). */
export interface LongTask {
  startMs: number;
  durationMs: number;
}

/** A run's figures: what a visitor would feel as the page takes over after its first paint. */
export interface LongTaskFigures {
  /**
   * Blocking time after the first contentful paint, as Lighthouse's TBT counts it (each long
   * task's time over 50 ms), but from the tasks the page itself observed at a real 4x CPU
   * throttle, without a trace being recorded.
   */
  blockingMs: number;
  /** The longest task after the first paint: the longest a tap or a key waits. */
  longestMs: number;
  /** How many long tasks (over 50 ms) came after the first paint. */
  count: number;
}

const LONG_TASK_MS = 50;

export function longTaskFigures(tasks: readonly LongTask[], firstPaintMs: number): LongTaskFigures {
  const after = tasks.filter((task) => task.startMs >= firstPaintMs);
  return {
    blockingMs: after.reduce((sum, task) => sum + Math.max(0, task.durationMs - LONG_TASK_MS), 0),
    longestMs: after.reduce((longest, task) => Math.max(longest, task.durationMs), 0),
    count: after.filter((task) => task.durationMs > LONG_TASK_MS).length,
  };
}
