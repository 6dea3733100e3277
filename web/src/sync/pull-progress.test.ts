import { describe, expect, it } from 'vitest';
import { carriedProgress, progressAfterPage, type PullProgress } from './pull-progress.js';

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

/**
 * A catch-up over several runs, as pullChanges drives it: each run starts from what the last one
 * stored with the cursor (carriedProgress), counts on its first page what lies past the cursor,
 * and adds the rows it applies to the rows applied before. `runs` lists each run's pages as
 * [rows on the page, remaining counted (first page) or undefined].
 */
function catchUp(runs: [number, number | undefined][][]): PullProgress[][] {
  let stored: { cursor: string; pull_progress: PullProgress | null } = {
    cursor: '',
    pull_progress: null,
  };
  return runs.map((pages) => {
    let progress = carriedProgress(stored);
    const seen: PullProgress[] = progress === undefined ? [] : [progress];
    let applied = progress?.applied ?? 0;
    for (const [rows, remaining] of pages) {
      applied += rows;
      progress = progressAfterPage(progress, applied, remaining);
      seen.push(progress);
      // A page that is not the last stores its progress with its cursor.
      stored = { cursor: String(applied), pull_progress: progress };
    }
    return seen;
  });
}

describe('pull progress over several runs', () => {
  it("goes on from the stored count when a run stops, as the gardener's 17,133 did", () => {
    // Run 1 applies two pages and fails on the third (3G). Run 2 starts past those 2,000 rows,
    // so the server counts 14,133 past its first page: shown per run that read "1.000 dari
    // 15.133". Meanwhile 2 new changes arrived, which run 3's count includes.
    const runs = catchUp([
      [
        [1000, 16_133],
        [1000, undefined],
      ],
      [
        [1000, 14_133],
        [1000, undefined],
      ],
      [[1000, 12_135]],
    ]);
    expect(runs).toEqual([
      [
        { applied: 1000, total: 17_133 },
        { applied: 2000, total: 17_133 },
      ],
      [
        { applied: 2000, total: 17_133 },
        { applied: 3000, total: 17_133 },
        { applied: 4000, total: 17_133 },
      ],
      [
        { applied: 4000, total: 17_133 },
        { applied: 5000, total: 17_135 },
      ],
    ]);
  });

  it("never shows the admin's total jumping 200,678 -> 176,678 -> 157,678 when runs restart", () => {
    // Each run stops after some pages (6, 19 and 19 pages of 1,000); the server's count past
    // each run's first page is what the earlier runs have not applied yet.
    const total = 200_678;
    const runOf = (before: number, pages: number): [number, number | undefined][] =>
      Array.from({ length: pages }, (_, i) => [1000, i === 0 ? total - before - 1000 : undefined]);
    const runs = catchUp([runOf(0, 6), runOf(6000, 19), runOf(25_000, 19), runOf(44_000, 3)]);
    const shown = runs.flat();
    expect(new Set(shown.map((p) => p.total))).toEqual(new Set([total]));
    for (let i = 1; i < shown.length; i++) {
      expect(shown[i]?.applied).toBeGreaterThanOrEqual(shown[i - 1]?.applied ?? 0);
    }
    expect(shown.at(-1)).toEqual({ applied: 47_000, total });
  });

  it('counts from zero again once the cursor starts over (the tables were cleared)', () => {
    expect(carriedProgress({ cursor: '', pull_progress: { applied: 5000, total: 9000 } })).toBe(
      undefined,
    );
    expect(
      carriedProgress({ cursor: '120', pull_progress: { applied: 5000, total: 9000 } }),
    ).toEqual({ applied: 5000, total: 9000 });
    expect(carriedProgress({ cursor: '120', pull_progress: null })).toBe(undefined);
    expect(carriedProgress({ cursor: '120' })).toBe(undefined);
  });
});
