import { afterEach, describe, expect, it } from 'vitest';
import { schoolUtcOffset } from './school-time.js';

/*
 * The school's offset, as the server sent it with the user, wins over the device's own zone;
 * the device's zone stands in only for a user from a server that sends none.
 */

const deviceZone = process.env['TZ'];
afterEach(() => {
  if (deviceZone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = deviceZone;
});

describe('schoolUtcOffset', () => {
  it("is the school's offset on a device set to another zone", () => {
    process.env['TZ'] = 'America/New_York';
    const at = new Date('2026-12-03T20:00:00.000Z');
    expect(-at.getTimezoneOffset()).toBe(-300);
    expect(schoolUtcOffset(420, at)).toBe(420);
    expect(schoolUtcOffset(0, at)).toBe(0);
    expect(schoolUtcOffset(-210, at)).toBe(-210);
  });

  it("falls back on the device's own offset when the server sent none", () => {
    process.env['TZ'] = 'Asia/Makassar';
    const at = new Date('2026-12-03T20:00:00.000Z');
    expect(schoolUtcOffset(undefined, at)).toBe(480);
    expect(schoolUtcOffset(null, at)).toBe(480);
  });
});
