import { performance } from 'node:perf_hooks';

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
