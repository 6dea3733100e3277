/**
 * The school's calendar as minutes east of UTC, what the contract's job functions take
 * (`isOverdue`, `taskBucket`, `schoolDay`: sync-protocol/src/jobs.ts). The server has it
 * (SCHOOL_UTC_OFFSET) but sends it to no device yet, so the device's own offset at `at` stands
 * in: right for a phone in its school's time zone, which is every school's phone today.
 */
export function schoolUtcOffset(at: Date = new Date()): number {
  // getTimezoneOffset is minutes *behind* UTC (WIB gives -420).
  return -at.getTimezoneOffset();
}
