import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/change-seq.js';
import type { Tx } from '../db/handles.js';
import { loginKnownAddresses, loginThrottles } from '../db/schema.js';

export interface ThrottleRow {
  key: string;
  failures: number;
  blockedUntil: number;
  expiresAt: number;
}

/** The live (unexpired) counts among `keys`, by key. */
export async function liveThrottles(
  db: DbOrTx,
  keys: string[],
  now: number,
): Promise<Map<string, ThrottleRow>> {
  const rows = await db
    .select()
    .from(loginThrottles)
    .where(and(inArray(loginThrottles.key, keys), gt(loginThrottles.expiresAt, now)));
  return new Map(rows.map((r) => [r.key, r]));
}

/**
 * Counts one failure against `key` in one statement, so failures from several processes at once
 * are all counted: an expired count starts again at 1, a live one goes up by one. `expiresAt` is
 * where the count's window ends: `fixedWindow` keeps the first failure's window, otherwise every
 * failure pushes it out (a quiet period is needed to be forgotten). Answers the new count.
 */
export async function countFailure(
  db: Tx,
  key: string,
  now: number,
  windowMs: number,
  fixedWindow: boolean,
): Promise<number> {
  return (await countInWindow(db, key, now, windowMs, fixedWindow)).failures;
}

/** `countFailure`, answering the count with the end of its window (when it will be forgotten). */
export async function countInWindow(
  db: Tx,
  key: string,
  now: number,
  windowMs: number,
  fixedWindow: boolean,
): Promise<{ failures: number; expiresAt: number }> {
  const t = loginThrottles;
  const expired = sql`${t.expiresAt} <= ${now}`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, blockedUntil: 0, expiresAt: now + windowMs })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.failures} + 1 END`,
        blockedUntil: sql`CASE WHEN ${expired} THEN 0 ELSE ${t.blockedUntil} END`,
        expiresAt: fixedWindow
          ? sql`CASE WHEN ${expired} THEN ${now + windowMs} ELSE ${t.expiresAt} END`
          : now + windowMs,
      },
    })
    .returning({ failures: t.failures, expiresAt: t.expiresAt });
  if (row === undefined) throw new Error(`login throttle upsert for ${key} returned no row`);
  return { failures: Number(row.failures), expiresAt: Number(row.expiresAt) };
}

/**
 * Blocks `key` until `blockedUntil` and keeps its count until `keepUntil`. Only ever lengthens
 * either, so of two processes counting at once the later instant wins whatever order they write.
 */
export async function extendBlock(
  db: Tx,
  key: string,
  blockedUntil: number,
  keepUntil: number,
): Promise<void> {
  const t = loginThrottles;
  await db
    .update(t)
    .set({ blockedUntil })
    .where(and(eq(t.key, key), lt(t.blockedUntil, blockedUntil)));
  await db
    .update(t)
    .set({ expiresAt: keepUntil })
    .where(and(eq(t.key, key), lt(t.expiresAt, keepUntil)));
}

/** Forgets `key`'s count and answers how many live failures it held. */
export async function clearThrottle(db: Tx, key: string, now: number): Promise<number> {
  const [row] = await db
    .delete(loginThrottles)
    .where(eq(loginThrottles.key, key))
    .returning({ failures: loginThrottles.failures, expiresAt: loginThrottles.expiresAt });
  return row !== undefined && row.expiresAt > now ? row.failures : 0;
}

/** Takes `by` failures off a live count, never below zero. */
export async function forgiveFailures(db: Tx, key: string, by: number): Promise<void> {
  if (by <= 0) return;
  const t = loginThrottles;
  await db
    .update(t)
    .set({ failures: sql`CASE WHEN ${t.failures} > ${by} THEN ${t.failures} - ${by} ELSE 0 END` })
    .where(eq(t.key, key));
}

export async function isKnownAddress(
  db: DbOrTx,
  email: string,
  address: string,
  since: number,
): Promise<boolean> {
  const k = loginKnownAddresses;
  const rows = await db
    .select({ at: k.lastSuccessAt })
    .from(k)
    .where(and(eq(k.email, email), eq(k.address, address), gt(k.lastSuccessAt, since)))
    .limit(1);
  return rows.length > 0;
}

export async function rememberAddress(
  db: Tx,
  email: string,
  address: string,
  now: number,
): Promise<void> {
  const k = loginKnownAddresses;
  await db
    .insert(k)
    .values({ email, address, lastSuccessAt: now })
    .onConflictDoUpdate({ target: [k.email, k.address], set: { lastSuccessAt: now } });
}

/** Drops counts and addresses nobody needs any more, so neither table grows without end. */
export async function sweepThrottles(db: Tx, now: number, knownSince: number): Promise<void> {
  await sweepExpiredCounts(db, now);
  await db.delete(loginKnownAddresses).where(lt(loginKnownAddresses.lastSuccessAt, knownSince));
}

/** Drops the counts whose window has ended. */
export async function sweepExpiredCounts(db: Tx, now: number): Promise<void> {
  await db.delete(loginThrottles).where(lt(loginThrottles.expiresAt, now));
}
