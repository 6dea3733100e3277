import type { Random } from './random.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The school is in Jakarta (WIB, UTC+7, no daylight saving): work happens 07:00–16:00 there. */
const WIB_OFFSET_MS = 7 * HOUR_MS;
const SCHOOL_DAY_START_MS = 7 * HOUR_MS;
const SCHOOL_DAY_LENGTH_MS = 9 * HOUR_MS;

/** Produces past moments relative to one fixed "now", so a seed run is reproducible. */
export class Clock {
  constructor(readonly now: Date) {}

  /** A moment during school hours `daysAgo` days back (Sundays move to Saturday), never after now. */
  schoolTime(daysAgo: number, rng: Random): Date {
    const wibNow = this.now.getTime() + WIB_OFFSET_MS;
    let dayStart = Math.floor(wibNow / DAY_MS) * DAY_MS - daysAgo * DAY_MS;
    if (new Date(dayStart).getUTCDay() === 0 && daysAgo > 0) dayStart -= DAY_MS;
    const at = dayStart + SCHOOL_DAY_START_MS + rng.float() * SCHOOL_DAY_LENGTH_MS - WIB_OFFSET_MS;
    if (at <= this.now.getTime()) return new Date(at);
    return new Date(this.now.getTime() - rng.int(5, 90) * MINUTE_MS);
  }

  /**
   * About `hours` after `from`, moved into the next school hours when it falls outside them
   * (people close reports and decide requests at work), and never past now.
   */
  workLater(from: Date, hours: number, rng: Random): Date {
    let at = from.getTime() + hours * HOUR_MS;
    const wib = at + WIB_OFFSET_MS;
    const dayStart = Math.floor(wib / DAY_MS) * DAY_MS;
    const timeOfDay = wib - dayStart;
    const opening = rng.float() * 2 * HOUR_MS + SCHOOL_DAY_START_MS;
    if (timeOfDay < SCHOOL_DAY_START_MS) at = dayStart + opening - WIB_OFFSET_MS;
    else if (timeOfDay > SCHOOL_DAY_START_MS + SCHOOL_DAY_LENGTH_MS) {
      at = dayStart + DAY_MS + opening - WIB_OFFSET_MS;
    }
    if (new Date(at + WIB_OFFSET_MS).getUTCDay() === 0) at += DAY_MS;
    const now = this.now.getTime();
    if (at <= now) return new Date(at);
    // Would be in the future: put it somewhere between `from` and now instead.
    return new Date(from.getTime() + (now - from.getTime()) * rng.between(0.3, 0.95));
  }

  /** The school-local calendar day (YYYY-MM-DD) of a moment, as the API's user_activity keeps it. */
  schoolDay(at: Date): string {
    return new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 10);
  }

  /** `hours` after `from`, but never past now. */
  later(from: Date, hours: number): Date {
    return new Date(Math.min(from.getTime() + hours * HOUR_MS, this.now.getTime()));
  }
}

export const iso = (at: Date): string => at.toISOString();
