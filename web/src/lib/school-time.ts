/**
 * The school's calendar as minutes east of UTC, what the contract's job functions take
 * (`isOverdue`, `taskBucket`, `schoolDay`: sync-protocol/src/jobs.ts). The server sends it with
 * the signed-in user (`school_utc_offset`, from SCHOOL_UTC_OFFSET), and the session keeps that
 * user on the device, so it holds offline too: a phone set to another zone (a visitor's, a
 * wrong setting) still reckons the school's days. Only a user from a server too old to send it
 * falls back on the device's own offset at `at`.
 */
export function schoolUtcOffset(kept: number | null | undefined, at: Date = new Date()): number {
  if (typeof kept === 'number' && Number.isFinite(kept)) return kept;
  // getTimezoneOffset is minutes *behind* UTC (WIB gives -420).
  return -at.getTimezoneOffset();
}
