import type { InventoryItem } from '@urs/sync-protocol';
import type { ItemFormTarget } from '../form/item-form-modal.js';
import { discardItemChange, resendStockChange } from '../data/items-actions.js';
import { useItemsText } from '../items-i18n.js';
import type { OutboxEntry } from '../data/item-sync-marks.js';
import { rejectionFields, rejectionText } from '../../../../lib/error-text.js';

/** What a refused change was, in the words of the button that made it. */
const REJECTED_LABEL: Partial<Record<string, string>> = {
  'item.create': 'add',
  'item.update': 'edit',
  'item.delete': 'delete',
  'stock.record': 'record',
};

export function RejectedChange({
  entry,
  item,
  userId,
  canFix,
  onFix,
}: {
  entry: OutboxEntry;
  item: InventoryItem;
  userId: string;
  canFix: boolean;
  onFix: (target: ItemFormTarget) => void;
}) {
  const tx = useItemsText();
  const result = entry.result;
  const fields = Object.values(result?.errors === undefined ? {} : rejectionFields(result)).flat();
  const name = entry.mutation.name;
  const fixable = canFix && (name === 'item.create' || name === 'item.update');
  return (
    <li className="inv-rejected-item">
      <p>
        <strong>{tx(REJECTED_LABEL[name] ?? 'edit')}:</strong> {rejectionText(result)}
        {fields.length > 0 && ` (${fields.join(' ')})`}
      </p>
      <div className="inv-actions">
        {name === 'stock.record' && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void resendStockChange(userId, entry.id)}
          >
            {tx('detail.resend')}
          </button>
        )}
        {fixable && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              onFix({
                kind: 'fix',
                entryId: entry.id,
                item,
                creates: name === 'item.create',
                args: entry.mutation.args,
                errors: rejectionFields(result),
              })
            }
          >
            {tx('detail.fix')}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            void discardItemChange(
              userId,
              entry.id,
              `${tx(REJECTED_LABEL[name] ?? 'edit')}: ${item.name}`,
            )
          }
        >
          {tx('detail.discard')}
        </button>
      </div>
    </li>
  );
}
