import { stockLevel, type InventoryItem, type TransactionType } from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import { itemsKey, levelKey, typeKey } from './items-i18n.js';
import type { SyncMark } from '../../../sync/index.js';
import { signedQuantity } from './item-detail-logic.js';

const LEVEL_SYMBOL = { healthy: '●', warning: '▲', critical: '■' } as const;

/** The stock level as a coloured badge that also says it in words (colour is never alone). */
export function LevelBadge({ item }: { item: Pick<InventoryItem, 'stock' | 'min_stock'> }) {
  const { t } = useTranslation();
  const level = stockLevel(item);
  return (
    <span className={`inv-badge inv-level inv-level-${level}`} data-level={level}>
      <span aria-hidden="true">{LEVEL_SYMBOL[level]}</span> {t(levelKey(level))}
    </span>
  );
}

export function InactiveBadge() {
  const { t } = useTranslation();
  return <span className="inv-badge inv-inactive">{t(itemsKey('inactive'))}</span>;
}

/** "Waiting to sync" or "Refused by server" beside a row the server has not accepted yet. */
export function SyncBadge({ mark }: { mark: SyncMark | undefined }) {
  const { t } = useTranslation();
  if (mark === undefined) return null;
  return (
    <span className={`inv-badge inv-sync inv-sync-${mark}`} data-testid="item-sync-mark">
      {t(itemsKey(mark))}
    </span>
  );
}

/** "Keluar −3" with the sign that shows which way the stock moved. */
export function TransactionAmount({ type, quantity }: { type: TransactionType; quantity: number }) {
  const { t } = useTranslation();
  return (
    <span className={`inv-tx-amount inv-tx-${type}`}>
      <span className="inv-tx-type">{t(typeKey(type))}</span>{' '}
      <strong>{signedQuantity(type, quantity)}</strong>
    </span>
  );
}
