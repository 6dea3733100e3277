import { type TransactionType } from '@urs/sync-protocol';

/**
 * A whole number typed by a person ("12", "-3", " 4 "); NaN for anything else, so the contract
 * answers with its own message ("Jumlah harus berupa angka."). A decimal stays a decimal, so the
 * contract can say it must be whole rather than silently rounding it.
 */
export function parseWholeNumber(text: string): number {
  const value = text.trim().replace(',', '.');
  if (/^[+-]?\d+$/.test(value)) return Number(value);
  if (/^[+-]?\d*\.\d+$/.test(value)) return Number(value);
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
