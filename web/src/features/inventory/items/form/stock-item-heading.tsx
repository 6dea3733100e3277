import type { InventoryItem } from '@urs/sync-protocol';
import { useFormat } from '../../../../lib/format.js';
import { useItemsText } from '../items-i18n.js';

/** The item a stock form is about, and the stock the device knows, above its fields. */
export function StockItemHeading({ item }: { item: InventoryItem }) {
  const tx = useItemsText();
  const { number } = useFormat();
  return (
    <p className="inv-stock-item">
      <strong>{tx('stock.item', { name: item.name })}</strong>
      <span className="muted" data-testid="stock-current">
        {tx('stock.current', { stock: number(item.stock), unit: item.unit })}
      </span>
    </p>
  );
}
