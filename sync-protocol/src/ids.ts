import { validate, version } from 'uuid';

/*
 * UUIDv7 as the `uuid` package's v7() makes them (RFC 9562: 48 bits of Unix milliseconds, a
 * 31-bit counter seeded at random each new millisecond and incremented within one, so ids made
 * in one process sort in the order they were made; then random bits), with the random bytes
 * drawn from a pool filled 256 ids at a time. uuid's v7() asks crypto.getRandomValues for 16
 * bytes per id, which was most of its 5-7 µs an id on the server (a push makes one per
 * notification and timeline event; docs/performance-log.md, 2026-12-03).
 */

/** Web Crypto, global in browsers and Node (this package's lib has neither's types). */
declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T };

const POOL_IDS = 256;
const pool = new Uint8Array(16 * POOL_IDS);
let poolAt = pool.length;

/** 16 fresh random bytes' offset in `pool`, refilled when used up. */
function takeRandom(): number {
  if (poolAt === pool.length) {
    crypto.getRandomValues(pool);
    poolAt = 0;
  }
  const at = poolAt;
  poolAt += 16;
  return at;
}

const HEX = Array.from({ length: 256 }, (_, i) => (i + 0x100).toString(16).slice(1));

/** The last id's millisecond and counter (uuid's v7 state: a clock step back keeps counting). */
let lastMs = -Infinity;
let counter = 0;

/**
 * Every entity id is a UUIDv7 made where the record is born (often a phone with no signal),
 * so offline records and the rows that reference them are stable before the server sees them,
 * and ids sort by creation time, which keeps the primary-key B-tree append-mostly.
 */
export function newId(): string {
  const r = takeRandom();
  const now = Date.now();
  if (now > lastMs) {
    counter =
      ((pool[r + 6]! & 0x7f) << 24) | (pool[r + 7]! << 16) | (pool[r + 8]! << 8) | pool[r + 9]!;
    lastMs = now;
  } else {
    counter = (counter + 1) | 0;
    if (counter === 0) lastMs++;
  }
  const ms = lastMs;
  const seq = counter;
  return (
    HEX[(ms / 0x10000000000) & 0xff]! +
    HEX[(ms / 0x100000000) & 0xff]! +
    HEX[(ms / 0x1000000) & 0xff]! +
    HEX[(ms / 0x10000) & 0xff]! +
    '-' +
    HEX[(ms / 0x100) & 0xff]! +
    HEX[ms & 0xff]! +
    '-' +
    HEX[0x70 | ((seq >>> 28) & 0x0f)]! +
    HEX[(seq >>> 20) & 0xff]! +
    '-' +
    HEX[0x80 | ((seq >>> 14) & 0x3f)]! +
    HEX[(seq >>> 6) & 0xff]! +
    '-' +
    HEX[((seq << 2) & 0xff) | (pool[r + 10]! & 0x03)]! +
    HEX[pool[r + 11]!]! +
    HEX[pool[r + 12]!]! +
    HEX[pool[r + 13]!]! +
    HEX[pool[r + 14]!]! +
    HEX[pool[r + 15]!]!
  );
}

export function isUuid(value: string): boolean {
  return validate(value) && version(value) >= 1;
}
