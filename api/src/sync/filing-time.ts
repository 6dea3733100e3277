import type { Tx } from '../db/handles.js';
import { rowsOf } from '../db/statement.js';

/**
 * How far ahead of the server's clock a device's may run before its times are not believed.
 * Phones set their clocks from the network and drift by seconds; a time further ahead is a
 * wrong clock (or a user setting it forward), not work done in the future.
 */
export const FILING_CLOCK_SKEW_MS = 5 * 60_000;

export interface FilingBounds {
  /** The server's receipt time of the batch (UTC ISO). */
  receivedAt: string;
  /** When the user's account was created (UTC ISO): nobody filed work before they existed. */
  userSince: string;
}

/**
 * The time to store for work a device says it did at `claimed` (its own clock), as a UTC ISO
 * string that sorts as text. The device's time is the truth for offline work, within bounds
 * against a wrong or abused clock: later than the receipt time by more than the skew is
 * clamped to the receipt time, earlier than the user's account to the account's creation.
 * Clamped, never refused: refusing would lose work done with a wrong clock.
 * (docs/decisions/012-device-filing-time.md)
 */
export function boundFilingTime(claimed: string | undefined, bounds: FilingBounds): string {
  const parsed = parsedBoundsOf(bounds);
  const { latest, earliest } = parsed;
  if (
    claimed !== undefined &&
    latest !== undefined &&
    earliest !== undefined &&
    ALREADY_CANONICAL.test(claimed)
  ) {
    // Canonical UTC strings of one fixed width sort as text exactly as their instants do.
    if (claimed > latest) return bounds.receivedAt;
    return claimed < earliest ? earliest : claimed;
  }
  const { received, since } = parsed;
  const at = claimed === undefined ? Number.NaN : Date.parse(claimed);
  if (Number.isNaN(at) || at > received + FILING_CLOCK_SKEW_MS) return bounds.receivedAt;
  if (at < since) return new Date(since).toISOString();
  return new Date(at).toISOString();
}

/*
 * A batch of a day's reports bounds every one of them by the same two instants, and V8's
 * Date.parse and toISOString cost more per report than its insert on SQLite: the bounds are
 * parsed once per batch, and a device time already in the stored form is compared with them
 * as text and kept as it came.
 */
interface ParsedBounds {
  received: number;
  since: number;
  /** The latest device time believed, as ALREADY_CANONICAL writes it, if it can be. */
  latest: string | undefined;
  /** The user's creation, the same way. */
  earliest: string | undefined;
}

const parsedBounds = new WeakMap<FilingBounds, ParsedBounds>();

/** Only years 0 to 9999 are written in the fixed width that sorts as text. */
function canonical(ms: number): string | undefined {
  if (!Number.isFinite(ms)) return undefined;
  const iso = new Date(ms).toISOString();
  return iso.length === 24 ? iso : undefined;
}

function parsedBoundsOf(bounds: FilingBounds): ParsedBounds {
  let parsed = parsedBounds.get(bounds);
  if (parsed === undefined) {
    const received = Date.parse(bounds.receivedAt);
    const since = Date.parse(bounds.userSince);
    parsed = {
      received,
      since,
      latest: canonical(received + FILING_CLOCK_SKEW_MS),
      earliest: canonical(since),
    };
    parsedBounds.set(bounds, parsed);
  }
  return parsed;
}

/**
 * UTC ISO exactly as toISOString writes it, on a day every month has: such a string is its
 * own canonical form. Days 29 to 31 go through Date, which rolls an impossible date over (the
 * 30th of February is stored as the 2nd of March, as before).
 */
const ALREADY_CANONICAL =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** What a batch reads of the user who pushed it: once per batch, when first needed. */
export interface Pusher {
  /** When their account was created: the earliest filing time believed (FilingBounds). */
  createdAt: string;
  /** The name notifications about their acts give (services/notify.ts). */
  name: string;
}

/** The row of the user whose batch this is. */
export async function readPusher(tx: Tx, userId: string): Promise<Pusher> {
  const [row] = await rowsOf<Pusher>(
    tx,
    'SELECT created_at AS "createdAt", name FROM users WHERE id = ?',
    userId,
  );
  if (row === undefined) throw new Error(`pushing user ${userId} has no users row`);
  return row;
}
