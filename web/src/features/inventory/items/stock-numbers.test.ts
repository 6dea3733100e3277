import { describe, expect, it } from 'vitest';
import { signedQuantity } from './detail/item-detail-logic.js';
import {
  countAdjustment,
  exceedsStock,
  isBelowZero,
  parseWholeNumber,
  stockAfter,
  stockDelta,
} from './stock-numbers.js';

describe('numbers and stock arithmetic', () => {
  it('parses whole numbers people type and nothing else', () => {
    expect(parseWholeNumber('12')).toBe(12);
    expect(parseWholeNumber(' -3 ')).toBe(-3);
    expect(parseWholeNumber('+4')).toBe(4);
    expect(parseWholeNumber('1,5')).toBe(1.5);
    expect(parseWholeNumber('2.5')).toBe(2.5);
    // Thousands grouped as the app writes them in the user's language.
    expect(parseWholeNumber('1.000', 'id')).toBe(1000);
    expect(parseWholeNumber('12.500', 'id')).toBe(12500);
    expect(parseWholeNumber('-1.000.000', 'id')).toBe(-1000000);
    expect(parseWholeNumber('1,000', 'en')).toBe(1000);
    expect(parseWholeNumber('1,000,000', 'en')).toBe(1000000);
    // The other way round is a decimal in the other language: not guessed.
    expect(parseWholeNumber('1,000', 'id')).toBeNaN();
    expect(parseWholeNumber('1.000', 'en')).toBeNaN();
    expect(parseWholeNumber('2.50', 'id')).toBe(2.5);
    for (const mixed of ['1.000,5', '1,000.000', '1.00.000', '1000.000.0']) {
      expect(Number.isInteger(parseWholeNumber(mixed, 'id'))).toBe(false);
      expect(Number.isInteger(parseWholeNumber(mixed, 'en'))).toBe(false);
    }
    for (const bad of ['', ' ', 'abc', '1e3', '0x10', '12abc', '--1', 'Infinity']) {
      expect(parseWholeNumber(bad)).toBeNaN();
    }
  });

  it('moves stock in, out and by a signed adjustment', () => {
    expect(stockDelta('in', 5)).toBe(5);
    expect(stockDelta('out', 5)).toBe(-5);
    expect(stockDelta('adjustment', -2)).toBe(-2);
    expect(stockAfter(10, 'in', 5)).toBe(15);
    expect(stockAfter(10, 'out', 12)).toBe(-2);
    expect(stockAfter(10, 'adjustment', -3)).toBe(7);
    expect(signedQuantity('out', 3)).toBe('\u22123');
    expect(signedQuantity('in', 3)).toBe('+3');
    expect(signedQuantity('adjustment', -1)).toBe('\u22121');
  });

  it('warns only for an out beyond the recorded stock', () => {
    expect(exceedsStock(10, 'out', 11)).toBe(true);
    expect(exceedsStock(10, 'out', 10)).toBe(false);
    expect(exceedsStock(0, 'out', 1)).toBe(true);
    expect(exceedsStock(-2, 'out', 1)).toBe(true);
    expect(exceedsStock(1, 'in', 100)).toBe(false);
    expect(exceedsStock(1, 'adjustment', -100)).toBe(false);
    expect(exceedsStock(1, 'out', Number.NaN)).toBe(false);
  });

  it('tells a tracked item below zero, and the adjustment a count makes of it', () => {
    expect(isBelowZero({ stock: -45, trackable: true })).toBe(true);
    expect(isBelowZero({ stock: 0, trackable: true })).toBe(false);
    expect(isBelowZero({ stock: -3, trackable: false })).toBe(false);
    // Back to zero, to a typed count, or nothing to correct.
    expect(countAdjustment(-45, 0)).toBe(45);
    expect(countAdjustment(-45, 12)).toBe(57);
    expect(countAdjustment(8, 5)).toBe(-3);
    expect(countAdjustment(-2, -2)).toBe(0);
    expect(stockAfter(-995, 'adjustment', countAdjustment(-995, 0))).toBe(0);
  });
});
