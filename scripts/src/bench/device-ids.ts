import { webcrypto } from 'node:crypto';
import { v7 } from 'uuid';

const POOL_BYTES = 65_536;
const pool = new Uint8Array(POOL_BYTES);
let used = POOL_BYTES;
let lastMs = 0;
let seq = 0;

/**
 * A UUIDv7 as the devices of a bench make them (the app's newId), from random bytes drawn 64 KB
 * at a time.
 *
 * The devices' ids are made before the clock starts, but in Node each id made by `newId` asks
 * `crypto.getRandomValues` for 16 bytes, and every such call leaves a native job object behind
 * for the garbage collector. The next young-generation collection handles every one of them,
 * and it often falls inside the push being timed: with the 2,000 ids a push round makes, about
 * 5,800 such objects took 1.2-1.5 ms of a 2-3 ms pause (`--trace-gc-nvp`:
 * heap.external_weak_global_handles). The server makes no id for a report.create, so that time
 * was the bench's devices', not the server's (docs/performance-log.md, twenty-second session).
 *
 * Same layout and order as newId's: the millisecond, then a counter within it, so ids made in
 * one millisecond still sort in the order they were made and the primary key stays
 * append-mostly, as it does for a device's own ids.
 */
export function deviceId(): string {
  if (used + 16 > POOL_BYTES) {
    webcrypto.getRandomValues(pool);
    used = 0;
  }
  const random = pool.subarray(used, (used += 16));
  const now = Date.now();
  seq = now > lastMs ? 0 : seq + 1;
  lastMs = Math.max(now, lastMs);
  return v7({ random, msecs: lastMs, seq });
}
