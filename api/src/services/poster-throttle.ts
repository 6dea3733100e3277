import type { Db, Tx } from '../db/handles.js';
import type { DbOrTx } from '../db/change-seq.js';
import { countInWindow, liveThrottles, sweepExpiredCounts } from '../data/login-throttles.js';

export interface PosterThrottlePolicy {
  /** Tries from one address per window, valid or not. */
  perAddress: number;
  /** Problems one area takes per window, from anyone. */
  perArea: number;
  windowMs: number;
}

const addressKey = (address: string) => `poster-address:${address}`;
const areaKey = (areaId: string) => `poster-area:${areaId}`;

/**
 * The public poster form's flood limits (docs/decisions/029-public-problem-form.md), counted as
 * the login throttle counts (services/login-throttle.ts): in the database, so several API
 * processes agree and a restart forgets nothing, each count moving in one atomic statement, in
 * fixed windows.
 *
 * - Every try from an address counts, valid or not, before anything else is read: a script
 *   probing tokens or posting junk is slowed as one posting problems is. The allowance is well
 *   above one class's worth, since a whole school may reach the server through one address.
 * - An area counts only the problems it stored, so nobody can close an area's form with
 *   refused junk; its allowance keeps the admin's queue readable when a poster is misused.
 */
export class PosterThrottle {
  constructor(
    private readonly db: Db,
    private readonly policy: PosterThrottlePolicy,
    private readonly now: () => number,
  ) {}

  /** Counts a try from `address`: 0 when it may go on, else the milliseconds until it may. */
  async countAddress(address: string): Promise<number> {
    const now = this.now();
    return this.db.write(async (tx) => {
      const { policy } = this;
      const count = await countInWindow(tx, addressKey(address), now, policy.windowMs, true);
      // Now and then, so that the table stays small without a job of its own.
      if (Math.random() < 0.01) await sweepExpiredCounts(tx, now);
      return count.failures > policy.perAddress ? count.expiresAt - now : 0;
    });
  }

  /** How long the area must wait before it takes another problem; 0 when it may. Counts nothing. */
  async areaWait(db: DbOrTx, areaId: string): Promise<number> {
    const now = this.now();
    const live = (await liveThrottles(db, [areaKey(areaId)], now)).get(areaKey(areaId));
    return live !== undefined && live.failures >= this.policy.perArea ? live.expiresAt - now : 0;
  }

  /**
   * In the transaction that stores the problem, after it took its school's change counter (which
   * serialises the school's writers, so two problems at once cannot both take the last place):
   * counts it against its area, or answers the wait with nothing counted.
   */
  async countArea(tx: Tx, areaId: string): Promise<number> {
    const wait = await this.areaWait(tx, areaId);
    if (wait > 0) return wait;
    await countInWindow(tx, areaKey(areaId), this.now(), this.policy.windowMs, true);
    return 0;
  }
}
