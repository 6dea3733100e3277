/**
 * Fixed-window failure counter per key, in memory: one process serves the school, and a
 * restart forgetting the counts only gives an attacker one more window.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is not blocked. */
  retryAfterMs(key: string): number {
    const entry = this.windows.get(key);
    if (entry === undefined) return 0;
    const left = entry.resetAt - this.now();
    if (left <= 0) {
      this.windows.delete(key);
      return 0;
    }
    return entry.count >= this.max ? left : 0;
  }

  fail(key: string): void {
    const now = this.now();
    const entry = this.windows.get(key);
    if (entry === undefined || entry.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.windows.size > 100_000) this.sweep(now);
    } else {
      entry.count += 1;
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
