import { ROLES } from '@urs/sync-protocol';
import { describe, expect, it } from 'vitest';
import { isDistrictAdmin, syncsFieldData } from './district.js';

describe('the district administrator', () => {
  it('is the one account whose device syncs no field data', () => {
    expect(isDistrictAdmin('district_admin')).toBe(true);
    expect(syncsFieldData('district_admin')).toBe(false);
    for (const role of [...ROLES, 'janitor']) {
      expect(isDistrictAdmin(role), role).toBe(false);
      expect(syncsFieldData(role), role).toBe(true);
    }
    expect(isDistrictAdmin(null)).toBe(false);
  });
});
