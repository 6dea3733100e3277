import { describe, expect, it } from 'vitest';
import { longTaskFigures } from './long-task-figures.js';

describe('long-task figures of a run', () => {
  it('counts, as TBT does, each task’s time over 50 ms after the first paint', () => {
    const tasks = [
      { startMs: 100, durationMs: 300 }, // before the paint: not counted
      { startMs: 400, durationMs: 120 },
      { startMs: 700, durationMs: 50 },
      { startMs: 900, durationMs: 210 },
    ];
    expect(longTaskFigures(tasks, 350)).toEqual({ blockingMs: 70 + 160, longestMs: 210, count: 2 });
  });

  it('gives zeros for a page with no long task after its first paint', () => {
    expect(longTaskFigures([{ startMs: 10, durationMs: 400 }], 500)).toEqual({
      blockingMs: 0,
      longestMs: 0,
      count: 0,
    });
    expect(longTaskFigures([], 0)).toEqual({ blockingMs: 0, longestMs: 0, count: 0 });
  });
});
