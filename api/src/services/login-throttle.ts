import type { Db, Tx } from '../db/handles.js';
import { currentEngine } from '../db/dialect.js';
import { rowsOf } from '../db/statement.js';
import {
  clearThrottle,
  countFailure,
  extendBlock,
  forgiveFailures,
  isKnownAddress,
  liveThrottles,
  rememberAddress,
  sweepThrottles,
} from '../data/login-throttles.js';

export interface LoginThrottlePolicy {
  /** Failures of one (email, address) pair before each further one makes it wait. */
  freeFailuresPerPair: number;
  /** The first wait; each further failure of the pair doubles it. */
  firstDelayMs: number;
  /** The longest a pair ever waits, and the window of the email and address ceilings. */
  windowMs: number;
  /** Failures against one email, from anywhere, before unknown addresses must wait. */
  maxFailuresPerEmail: number;
  /** Unresolved failures from one address before it must wait for accounts it has not used. */
  maxFailuresPerAddress: number;
  /** How long a successful sign-in makes its address known to the account. */
  knownAddressMs: number;
}

const pairKey = (email: string, address: string) => `pair:${email}\n${address}`;
const emailKey = (email: string) => `email:${email}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * Login throttling that slows a guesser without handing them a way to lock anyone out.
 *
 * - Each (email, address) pair gets a few free failures, then waits twice as long after each
 *   further one, up to the window. A guesser at one address is slowed; the account's owner
 *   elsewhere is not.
 * - A much higher ceiling per email stops a guesser spread over many addresses, but only at
 *   addresses the account has not signed in from lately: the owner's phone or school network
 *   still gets in.
 * - The address ceiling counts only unresolved failures: a wrong password followed by the right
 *   one from the same address is forgiven, so a school behind one address, where every staff
 *   member mistypes now and then, is never locked. A password sprayer never resolves any. Known
 *   accounts at the address are exempt here too.
 *
 * All state is in the database (several API processes agree; a restart forgets nothing), each
 * count moving in one atomic statement.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly policy: LoginThrottlePolicy,
    private readonly now: () => number,
  ) {}

  /**
   * Before a password is checked: 0 with the try already counted as a failure (`succeed`
   * takes it back), or the milliseconds to wait, with nothing counted. Checking and counting
   * are one step, under a lock per email, so tries sent all at once are counted one after the
   * other: checked first and counted after the slow password check, sixty parallel guesses
   * were all checked before the first failure was counted.
   */
  async attempt(email: string, address: string): Promise<number> {
    const now = this.now();
    return this.db.write(async (tx) => {
      if (currentEngine() === 'postgres') {
        // SQLite's write transaction is already one at a time; PostgreSQL's are not.
        await rowsOf(tx, 'SELECT pg_advisory_xact_lock(hashtext(?))', emailKey(email));
      }
      const wait = await this.waitAt(tx, email, address, now);
      if (wait === 0) await this.countFailureIn(tx, email, address, now);
      return wait;
    });
  }

  /** Milliseconds this pair must still wait before a try is even checked, or 0. */
  private async waitAt(tx: Tx, email: string, address: string, now: number) {
    const keys = [pairKey(email, address), emailKey(email), addressKey(address)];
    const live = await liveThrottles(tx, keys, now);
    const pair = live.get(keys[0] ?? '');
    let until = pair === undefined ? 0 : pair.blockedUntil;
    const mail = live.get(keys[1] ?? '');
    const place = live.get(keys[2] ?? '');
    const overEmail = mail !== undefined && mail.failures >= this.policy.maxFailuresPerEmail;
    const overAddress = place !== undefined && place.failures >= this.policy.maxFailuresPerAddress;
    if ((overEmail || overAddress) && !(await this.known(tx, email, address, now))) {
      if (overEmail) until = Math.max(until, mail.expiresAt);
      if (overAddress) until = Math.max(until, place.expiresAt);
    }
    return Math.max(0, until - now);
  }

  private async countFailureIn(tx: Tx, email: string, address: string, now: number) {
    const { windowMs } = this.policy;
    const pair = pairKey(email, address);
    const failures = await countFailure(tx, pair, now, windowMs, false);
    const delay = this.delayAfter(failures);
    if (delay > 0) await extendBlock(tx, pair, now + delay, now + delay + windowMs);
    await countFailure(tx, emailKey(email), now, windowMs, true);
    await countFailure(tx, addressKey(address), now, windowMs, true);
  }

  /**
   * After an `attempt` whose password was right: the pair starts afresh, its failures stop
   * counting against the address, the try no longer counts against the email, and the address
   * is known.
   */
  async succeed(email: string, address: string): Promise<void> {
    const now = this.now();
    await this.db.write(async (tx) => {
      const resolved = await clearThrottle(tx, pairKey(email, address), now);
      await forgiveFailures(tx, addressKey(address), resolved);
      await forgiveFailures(tx, emailKey(email), 1);
      await rememberAddress(tx, email, address, now);
      // Now and then, so that the tables stay small without a job of their own.
      if (Math.random() < 0.01) await sweepThrottles(tx, now, now - this.policy.knownAddressMs);
    });
  }

  private delayAfter(failures: number): number {
    const { freeFailuresPerPair, firstDelayMs, windowMs } = this.policy;
    const over = failures - freeFailuresPerPair;
    if (over <= 0) return 0;
    // Capped before the power so a long attack cannot overflow it.
    return Math.min(windowMs, firstDelayMs * 2 ** Math.min(over - 1, 30));
  }

  private known(tx: Tx, email: string, address: string, now: number): Promise<boolean> {
    return isKnownAddress(tx, email, address, now - this.policy.knownAddressMs);
  }
}
