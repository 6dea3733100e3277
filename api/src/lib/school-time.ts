/**
 * Day boundaries in the school's local time. Indonesia has no daylight saving, so a fixed UTC
 * offset (WIB +07:00 by default; WITA +08:00, WIT +09:00) is exact. Timestamps in the database
 * are UTC; "today" and "this week" are the school's.
 */
export interface SchoolClock {
  offsetMinutes: number;
}

export function parseUtcOffset(text: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(text);
  if (match === null) throw new Error(`not a UTC offset like +07:00: ${text}`);
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The UTC instant of local midnight starting the given local date (YYYY-MM-DD). */
export function localDayStart(date: string, clock: SchoolClock): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - clock.offsetMinutes * 60_000);
}

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date, clock: SchoolClock): string {
  return new Date(instant.getTime() + clock.offsetMinutes * 60_000).toISOString().slice(0, 10);
}

export type ExportScope = 'all' | 'today' | 'this_week' | 'this_month';

/** [from, to) in UTC for a scope, weeks starting on Monday as in Indonesia. */
export function scopeRange(
  scope: ExportScope,
  now: Date,
  clock: SchoolClock,
): { from?: Date; to?: Date } {
  if (scope === 'all') return {};
  const today = localDate(now, clock);
  const start = localDayStart(today, clock);
  const day = 86_400_000;
  if (scope === 'today') return { from: start, to: new Date(start.getTime() + day) };
  if (scope === 'this_week') {
    const weekday = (new Date(`${today}T00:00:00.000Z`).getUTCDay() + 6) % 7; // Monday = 0
    const from = new Date(start.getTime() - weekday * day);
    return { from, to: new Date(from.getTime() + 7 * day) };
  }
  const [y, m] = today.split('-').map(Number) as [number, number];
  const from = localDayStart(`${today.slice(0, 7)}-01`, clock);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from, to: localDayStart(next, clock) };
}

/** An instant shifted so that Excel, which has no time zones, shows the school's wall clock. */
export function asLocalWallClock(instant: Date, clock: SchoolClock): Date {
  return new Date(instant.getTime() + clock.offsetMinutes * 60_000);
}
