import { describe, expect, it } from 'vitest';
import { progressAfterPage, type PullProgress } from './pull-progress.js';

/** The progress after each page of a run: [applied so far, remaining counted or undefined]. */
function run(pages: [number, number | undefined][]): PullProgress[] {
  const seen: PullProgress[] = [];
  let progress: PullProgress | undefined;
  for (const [applied, remaining] of pages) {
    progress = progressAfterPage(progress, applied, remaining);
    seen.push(progress);
  }
  return seen;
}

describe('pull progress', () => {
  it('keeps the total the first page counted while the following pages skip the count', () => {
    expect(
      run([
        [500, 1500],
        [1000, undefined],
        [1500, undefined],
        [2000, undefined],
      ]),
    ).toEqual([
      { applied: 500, total: 2000 },
      { applied: 1000, total: 2000 },
      { applied: 1500, total: 2000 },
      { applied: 2000, total: 2000 },
    ]);
  });

  it('raises the total with the rows applied when others wrote meanwhile, never above 100 %', () => {
    const seen = run([
      [500, 500],
      [1000, undefined],
      [1300, undefined],
    ]);
    expect(seen).toEqual([
      { applied: 500, total: 1000 },
      { applied: 1000, total: 1000 },
      { applied: 1300, total: 1300 },
    ]);
    for (const { applied, total } of seen) expect(applied).toBeLessThanOrEqual(total);
  });

  it('never lowers the total, even when a later page counts less than announced', () => {
    // An older server counts every page; changes deleted meanwhile lower its count.
    expect(
      run([
        [500, 1500],
        [1000, 200],
        [1200, 0],
      ]),
    ).toEqual([
      { applied: 500, total: 2000 },
      { applied: 1000, total: 2000 },
      { applied: 1200, total: 2000 },
    ]);
  });

  it('takes a later count that announces more than the first', () => {
    expect(
      run([
        [500, 500],
        [1000, 800],
      ]),
    ).toEqual([
      { applied: 500, total: 1000 },
      { applied: 1000, total: 1800 },
    ]);
  });

  it('shows rows so far as the total when the first page carried no count (an older server)', () => {
    // Without `remaining` the contract reads 0: the rows applied are all that is known.
    expect(
      run([
        [500, 0],
        [1000, undefined],
      ]),
    ).toEqual([
      { applied: 500, total: 500 },
      { applied: 1000, total: 1000 },
    ]);
  });
});
