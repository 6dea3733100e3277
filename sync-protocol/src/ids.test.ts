import { describe, expect, it } from 'vitest';
import { version } from 'uuid';
import { isUuid, newId } from './ids.js';

describe('newId', () => {
  it('makes version 7 UUIDs in the RFC 9562 layout, the millisecond first', () => {
    const before = Date.now();
    const id = newId();
    expect(isUuid(id)).toBe(true);
    expect(version(id)).toBe(7);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });

  it('sorts in the order made, with no repeat, across refills of its random pool', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
  });
});
