/*
 * The faults of `LOADTEST_FAULTS=1` (issue 43): what each cost is counted here. A request
 * overlapping a fault's window (from its injection until RECOVERY_GRACE_MS after it was lifted)
 * is the fault's: its failure is counted against the fault, not against the ramp's rule, and
 * its latency is timed under a row of its own. A failure later than that is a real one.
 */

/** How long after a fault is lifted its after-effects still count as its own. */
export const RECOVERY_GRACE_MS = 10_000;

export class Fault {
  readonly errors = new Map<string, number>();
  liftedAt: number | undefined;
  private lastFailureAt: number | undefined;

  constructor(
    readonly name: string,
    readonly startedAt: number,
    /** Which failures are this fault's when faults overlap (by their kind's text). */
    private readonly signature: RegExp,
    /** The endpoints it can touch: the photo store's outage only the photo routes. */
    private readonly reach: RegExp = /./,
  ) {}

  reaches(endpoint: string): boolean {
    return this.reach.test(endpoint);
  }

  claims(kind: string): boolean {
    return this.signature.test(kind);
  }

  covers(start: number, end: number): boolean {
    const until = this.liftedAt === undefined ? Infinity : this.liftedAt + RECOVERY_GRACE_MS;
    return end >= this.startedAt && start <= until;
  }

  fail(kind: string): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    this.lastFailureAt = Date.now();
  }

  lift(): void {
    this.liftedAt = Date.now();
  }

  /** One line: what it cost, and how long until requests succeeded again. */
  summary(loadStartedAt: number): string {
    const failed = [...this.errors.values()].reduce((a, b) => a + b, 0);
    const at = ((this.startedAt - loadStartedAt) / 1000).toFixed(0);
    const down =
      this.liftedAt === undefined
        ? 'never lifted'
        : `lifted after ${s(this.liftedAt - this.startedAt)}`;
    const recovered =
      this.lastFailureAt === undefined
        ? 'no failed request'
        : `last failure ${s(this.lastFailureAt - this.startedAt)} after it began`;
    const kinds = [...this.errors].map(([k, n]) => `${k} x${n}`).join('; ');
    return `fault at ${at} s, ${this.name}: ${down}, ${failed} failed requests, ${recovered}${kinds === '' ? '' : ` (${kinds})`}`;
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The faults injected so far; which one a request that went wrong belongs to. */
export class FaultClock {
  readonly faults: Fault[] = [];

  begin(name: string, signature: RegExp, reach?: RegExp): Fault {
    const fault = new Fault(name, Date.now(), signature, reach);
    this.faults.push(fault);
    return fault;
  }

  /**
   * The fault a request to `endpoint` from `start` to `end` (ms) overlapped and could be
   * touched by, preferring one that claims its failure `kind`.
   */
  during(endpoint: string, start: number, end: number, kind = ''): Fault | undefined {
    const open = this.faults.filter((f) => f.covers(start, end) && f.reaches(endpoint));
    return open.find((f) => f.claims(kind)) ?? open[0];
  }
}
