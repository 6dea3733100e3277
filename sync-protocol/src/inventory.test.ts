import { describe, expect, it } from 'vitest';
import { isLowStock, stockLevel } from './inventory.js';

describe('stock level', () => {
  it.each([
    [20, 10, 'healthy'],
    [11, 10, 'healthy'],
    [10, 10, 'warning'],
    [6, 10, 'warning'],
    [5, 10, 'critical'],
    [1, 10, 'critical'],
    [0, 10, 'critical'],
    [-3, 10, 'critical'],
    [1, 0, 'healthy'],
    [0, 0, 'critical'],
    [1, 1, 'warning'],
    [0, 1, 'critical'],
  ] as const)('stock %i with minimum %i is %s', (stock, min_stock, level) => {
    expect(stockLevel({ stock, min_stock })).toBe(level);
  });

  it('counts only active items as low stock', () => {
    expect(isLowStock({ stock: 1, min_stock: 10, active: true })).toBe(true);
    expect(isLowStock({ stock: 1, min_stock: 10, active: false })).toBe(false);
    // An item whose stock nobody tracks is never low, however its number reads.
    expect(isLowStock({ stock: 0, min_stock: 10, active: true, trackable: false })).toBe(false);
    expect(isLowStock({ stock: 0, min_stock: 10, active: true, trackable: true })).toBe(true);
    expect(isLowStock({ stock: 50, min_stock: 10, active: true })).toBe(false);
  });
});
