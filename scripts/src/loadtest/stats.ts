import { quantile } from '../lib/measure.js';

/** Latencies per endpoint and failures by kind, for one stage of the ramp or the whole run. */
export class LoadStats {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, number>();

  record(endpoint: string, ms: number): void {
    const list = this.latencies.get(endpoint) ?? [];
    list.push(ms);
    this.latencies.set(endpoint, list);
  }

  fail(kind: string): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }

  /** The highest p95 of any endpoint, and which. */
  worstP95(): { endpoint: string; ms: number } {
    let worst = { endpoint: '-', ms: 0 };
    for (const [endpoint, list] of this.latencies) {
      const ms = quantile(list, 0.95);
      if (ms > worst.ms) worst = { endpoint, ms };
    }
    return worst;
  }

  failures(): number {
    let n = 0;
    for (const count of this.errors.values()) n += count;
    return n;
  }

  merge(other: LoadStats): void {
    for (const [endpoint, list] of other.latencies) {
      for (const ms of list) this.record(endpoint, ms);
    }
    for (const [kind, n] of other.errors) this.errors.set(kind, (this.errors.get(kind) ?? 0) + n);
  }

  table(): string[] {
    const lines = [
      'endpoint                                 requests     p50     p95     p99 (ms)',
    ];
    for (const [endpoint, list] of [...this.latencies].sort(([a], [b]) => a.localeCompare(b))) {
      const q = (p: number) => quantile(list, p).toFixed(1).padStart(7);
      lines.push(
        `${endpoint.padEnd(40)} ${String(list.length).padStart(8)} ${q(0.5)} ${q(0.95)} ${q(0.99)}`,
      );
    }
    return lines;
  }
}
