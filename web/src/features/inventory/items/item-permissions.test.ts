import { describe, expect, it } from 'vitest';
import { canManageItems } from './item-permissions.js';

describe('roles', () => {
  it('lets only admin and inventory_staff manage items', () => {
    expect(canManageItems('admin')).toBe(true);
    expect(canManageItems('inventory_staff')).toBe(true);
    for (const role of ['custodian', 'technician', 'gardener'] as const) {
      expect(canManageItems(role)).toBe(false);
    }
    expect(canManageItems(null)).toBe(false);
    expect(canManageItems(undefined)).toBe(false);
  });
});
