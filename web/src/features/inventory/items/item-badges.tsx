import { stockLevel, type InventoryItem, type TransactionType } from '@urs/sync-protocol';
import { useItemsText } from './items-i18n.js';
import type { SyncMark } from '../../../sync/index.js';
import { signedQuantity } from './detail/item-detail-logic.js';
import { isBelowZero } from './stock-numbers.js';

const LEVEL_SYMBOL = { healthy: '●', warning: '▲', critical: '■' } as const;

/**
 * The stock level as a coloured badge that also says it in words (colour is never alone). Stock
 * below zero is no level but an error to fix: its badge says so, outlined and with its own mark.
 */
export function LevelBadge({
  item,
}: {
  item: Pick<InventoryItem, 'stock' | 'min_stock' | 'trackable'>;
}) {
  const tx = useItemsText();
  if (!item.trackable) {
    return (
      <span className="inv-badge inv-level" data-level="untracked">
        {tx('levels.untracked')}
      </span>
    );
  }
  if (isBelowZero(item)) {
    return (
      <span className="inv-badge inv-level inv-level-negative" data-level="negative">
        <span aria-hidden="true">!</span> {tx('levels.negative')}
      </span>
    );
  }
  const level = stockLevel(item);
  return (
    <span className={`inv-badge inv-level inv-level-${level}`} data-level={level}>
      <span aria-hidden="true">{LEVEL_SYMBOL[level]}</span> {tx(`levels.${level}`)}
    </span>
  );
}

export function InactiveBadge() {
  const tx = useItemsText();
  return <span className="inv-badge inv-inactive">{tx('inactive')}</span>;
}

/** "Waiting to sync" or "Refused by server" beside a row the server has not accepted yet. */
export function SyncBadge({ mark }: { mark: SyncMark | undefined }) {
  const tx = useItemsText();
  if (mark === undefined) return null;
  return (
    <span className={`inv-badge inv-sync inv-sync-${mark}`} data-testid="item-sync-mark">
      {tx(mark)}
    </span>
  );
}

/** "Keluar −3" with the sign that shows which way the stock moved. */
export function TransactionAmount({ type, quantity }: { type: TransactionType; quantity: number }) {
  const tx = useItemsText();
  return (
    <span className={`inv-tx-amount inv-tx-${type}`}>
      <span className="inv-tx-type">{tx(`types.${type}`)}</span>{' '}
      <strong>{signedQuantity(type, quantity)}</strong>
    </span>
  );
}

/**
 * Beside a tracked item whose stock is below zero: what it means and who fixes it, with the
 * one-step correction for those who may make it (`onCorrect`).
 */
export function BelowZeroNote({
  item,
  onCorrect,
}: {
  item: Pick<InventoryItem, 'name' | 'stock' | 'trackable'>;
  onCorrect?: (() => void) | undefined;
}) {
  const tx = useItemsText();
  if (!isBelowZero(item)) return null;
  return (
    <div className="inv-below-zero" data-testid="below-zero">
      <p>
        <span className="inv-below-zero-mark" aria-hidden="true">
          !
        </span>{' '}
        {tx(onCorrect === undefined ? 'belowZero.staff' : 'belowZero.manage')}
      </p>
      {onCorrect !== undefined && (
        <button
          type="button"
          className="button button-small button-primary"
          aria-label={tx('correctFor', { name: item.name })}
          onClick={onCorrect}
        >
          {tx('correct')}
        </button>
      )}
    </div>
  );
}
