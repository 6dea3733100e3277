export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 5 * 60_000 };

/**
 * Delay before retry number `failures` (1 = after the first failure): exponential, capped, with
 * "equal jitter" (half fixed, half random) so a whole school's phones coming back online at the
 * same moment do not hit the server in lockstep, while the delay still grows every time.
 */
export function backoffDelay(
  failures: number,
  random: () => number = Math.random,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): number {
  const exponent = Math.max(0, failures - 1);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(exponent, 30));
  const jitter = Math.min(1, Math.max(0, random()));
  return Math.round(ceiling / 2 + (ceiling / 2) * jitter);
}
