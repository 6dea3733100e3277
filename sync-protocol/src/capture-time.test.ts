import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';
import { beforePhotosTakenAfterAfter, captureParts, capturedLater } from './capture-time.js';
import { checkMutation } from './mutations/validate.js';

const attach = (captured_at: unknown) =>
  checkMutation({
    name: 'photo.attach',
    args: {
      id: newId(),
      report_id: newId(),
      kind: 'before',
      sha256: 'a'.repeat(64),
      mime_type: 'image/jpeg',
      size_bytes: 100,
      captured_at,
    },
  });

describe('photo capture time', () => {
  it('travels with photo.attach with or without an offset, or as null, or not at all', () => {
    for (const value of ['2026-11-20T08:15:30+07:00', '2026-11-20T08:15:30', null, undefined]) {
      const check = attach(value);
      expect(check.ok).toBe(true);
      if (check.ok) expect(check.mutation.args).toMatchObject({ captured_at: value });
    }
  });

  it('refuses a malformed capture time with a field message instead of storing it', () => {
    for (const value of ['2026:11:20 08:15:30', '2026-13-01T00:00:00', '2026-11-20T08:15:30Z', 5]) {
      const check = attach(value);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(Object.keys(check.errors ?? {})).toContain('captured_at');
    }
  });

  it('reads the wall clock and the offset apart', () => {
    expect(captureParts('2026-11-20T08:15:30-03:30')).toEqual({
      year: 2026,
      month: 11,
      day: 20,
      hour: 8,
      minute: 15,
      second: 30,
      offsetMinutes: -210,
    });
    expect(captureParts('2026-11-20T08:15:30')?.offsetMinutes).toBeNull();
    expect(captureParts('yesterday')).toBeNull();
  });

  it('compares instants when both offsets are known and wall clocks otherwise', () => {
    // 09:00+07 is 02:00 UTC; 08:00+09 is 23:00 UTC the day before.
    expect(capturedLater('2026-11-20T09:00:00+07:00', '2026-11-20T08:00:00+09:00')).toBe(true);
    expect(capturedLater('2026-11-20T08:00:00+09:00', '2026-11-20T09:00:00+07:00')).toBe(false);
    expect(capturedLater('2026-11-20T09:00:00+07:00', '2026-11-20T10:00:00')).toBe(false);
    expect(capturedLater('2026-11-20T11:00:00', '2026-11-20T10:00:00+07:00')).toBe(true);
    expect(capturedLater(null, '2026-11-20T10:00:00')).toBe(false);
    expect(capturedLater('2026-11-20T10:00:00', undefined)).toBe(false);
  });

  it('flags only the before photos taken after an after photo', () => {
    const photos = [
      { id: 'b1', kind: 'before' as const, captured_at: '2026-11-20T08:00:00+07:00' },
      { id: 'b2', kind: 'before' as const, captured_at: '2026-11-20T10:30:00+07:00' },
      { id: 'b3', kind: 'before' as const, captured_at: null },
      { id: 'a1', kind: 'after' as const, captured_at: '2026-11-20T10:00:00+07:00' },
    ];
    expect(beforePhotosTakenAfterAfter(photos).map((p) => p.id)).toEqual(['b2']);
    expect(beforePhotosTakenAfterAfter(photos.filter((p) => p.id !== 'a1'))).toEqual([]);
  });
});
