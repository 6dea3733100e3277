import { type Language, type TransactionType } from '@urs/sync-protocol';
import { currentLanguage } from '../../../lib/error-text.js';

/**
 * A whole number typed by a person ("12", "-3", " 4 ", "1.000"); NaN for anything else, so the
 * contract answers with its own message ("Jumlah harus berupa angka."). Digits grouped by
 * thousands the way the app writes them in the user's language ("1.000 pcs" in Indonesian,
 * "1,000" in English) are thousands: read as 1, they saved a delivery of a thousand as one.
 * One separator before exactly three digits the other way ("1,000" in Indonesian) could mean
 * either, so it is not guessed. Any other decimal stays a decimal ("2,5"), so the contract can
 * say it must be whole rather than silently rounding it.
 */
export function parseWholeNumber(text: string, language: Language = currentLanguage()): number {
  const value = text.trim();
  if (/^[+-]?\d+$/.test(value)) return Number(value);
  const group = language === 'en' ? ',' : '.';
  if (new RegExp(`^[+-]?\\d{1,3}(?:\\${group}\\d{3})+$`).test(value)) {
    return Number(value.split(group).join(''));
  }
  if (/^[+-]?\d*[.,]\d{3}$/.test(value)) return Number.NaN;
  if (/^[+-]?\d*[.,]\d+$/.test(value)) return Number(value.replace(',', '.'));
  return Number.NaN;
}

/** How a transaction moves the stock: in adds, out takes away, an adjustment is its signed delta. */
export function stockDelta(type: TransactionType, quantity: number): number {
  return type === 'out' ? -quantity : quantity;
}

/** The stock after the transaction, as the device will show it until the server answers. */
export function stockAfter(stock: number, type: TransactionType, quantity: number): number {
  return stock + stockDelta(type, quantity);
}

/** An `out` beyond the recorded stock: allowed (offline we cannot know better) but warned about. */
export function exceedsStock(stock: number, type: TransactionType, quantity: number): boolean {
  return type === 'out' && Number.isFinite(quantity) && quantity > stock;
}

/**
 * A tracked item whose recorded stock is below zero: usage recorded offline went past what the
 * server had (decision 006 keeps it), and someone must count the item and correct it.
 */
export function isBelowZero(item: { stock: number; trackable: boolean }): boolean {
  return item.trackable && item.stock < 0;
}

/** What a count of the item corrects, as an adjustment's signed delta: 0 when it agrees. */
export function countAdjustment(stock: number, counted: number): number {
  return counted - stock;
}
