import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

export interface BenchRow {
  name: string;
  baseline: string;
  ms: number;
  baselineMs: number;
  /** When the ratio is not ms / baselineMs (e.g. a median of paired runs' own ratios). */
  ratio?: number;
  /** The ratio the issue asks for, if any (at most this many times the baseline). */
  target?: number;
}

export async function time(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Holds the last filler array, so that V8 cannot optimise the filling away. */
const sink: number[][] = [[]];

/**
 * Moves V8's young generation to a random point of its cycle: allocates a random share of one
 * cycle in short-lived arrays (about 1 KB each), outside the clock.
 *
 * A bench round that makes the same fixtures every time allocates the same bytes every time, so
 * the young generation's collection falls at the same point of every round of a process: inside
 * the timed work in every round, or in none, decided once per process. That is what split the
 * push's whole runs into two groups (1.96x and 2.45x, twenty-first session). A server's
 * requests arrive at any point of that cycle; started here, each round is one such arrival, and
 * a round in which a collection lands still pays for it in full.
 */
export function atRandomYoungPhase(): void {
  const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  // Up to a whole cycle: past the free space, the filling itself triggers the collection
  // (outside the clock) and goes on into the next cycle.
  const cycle = (young?.space_used_size ?? 0) + (young?.space_available_size ?? 0);
  const bytes = Math.random() * cycle;
  for (let made = 0; made < bytes; made += 1024) sink[0] = new Array<number>(125).fill(made);
}

/** The value that a share `q` of `values` do not exceed (0.9: the 90th percentile). */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function printTable(rows: BenchRow[]): void {
  console.log('\n| case | ms (median) | baseline | baseline ms | ratio | target |');
  console.log('|---|---:|---|---:|---:|---:|');
  for (const r of rows) {
    const ratio = r.ratio ?? r.ms / r.baselineMs;
    const target =
      r.target === undefined
        ? ''
        : `<= ${Number(r.target.toPrecision(3))}x ${ratio <= r.target ? 'met' : 'NOT met'}`;
    console.log(
      `| ${r.name} | ${r.ms.toFixed(1)} | ${r.baseline} | ${r.baselineMs.toFixed(1)} | ${ratio.toFixed(2)}x | ${target} |`,
    );
  }
}
