import type { InventoryItem } from '@urs/sync-protocol';
import { RowActions } from '../../../../components/ui/row-actions.js';
import { BelowZeroNote, InactiveBadge, LevelBadge, SyncBadge } from '../item-badges.js';
import { isBelowZero } from '../stock-numbers.js';
import { useItemsText } from '../items-i18n.js';
import type { SyncMark } from '../../../../sync/index.js';
import { useFormat } from '../../../../lib/format.js';

export interface ItemRowActions {
  onOpen: (item: InventoryItem) => void;
  onRecord: (item: InventoryItem) => void;
  /** Absent for roles that may not manage items: the buttons are not shown at all. */
  onEdit?: ((item: InventoryItem) => void) | undefined;
  onDelete?: ((item: InventoryItem) => void) | undefined;
  /** Absent for roles that do not correct stock: an item below zero then only says so. */
  onCorrect?: ((item: InventoryItem) => void) | undefined;
}

interface ListProps extends ItemRowActions {
  items: readonly InventoryItem[];
  marks: ReadonlyMap<string, SyncMark>;
  /** Table on wide screens, cards on phones. */
  wide: boolean;
}

function Actions({
  item,
  onRecord,
  onEdit,
  onDelete,
  onCorrect,
  correctHere = false,
}: ItemRowActions & { item: InventoryItem; correctHere?: boolean }) {
  const tx = useItemsText();
  return (
    <RowActions
      className="inv-actions"
      name={item.name}
      labels={{ edit: tx('edit'), delete: tx('delete') }}
      onEdit={onEdit && (() => onEdit(item))}
      onDelete={onDelete && (() => onDelete(item))}
    >
      {correctHere && onCorrect !== undefined && isBelowZero(item) && (
        <button
          type="button"
          className="button button-small button-primary"
          aria-label={tx('correctFor', { name: item.name })}
          onClick={() => onCorrect(item)}
        >
          {tx('correct')}
        </button>
      )}
      <button
        type="button"
        className="button button-small button-primary"
        aria-label={tx('recordFor', { name: item.name })}
        onClick={() => onRecord(item)}
      >
        {tx('recordShort')}
      </button>
    </RowActions>
  );
}

function NameButton({
  item,
  onOpen,
}: {
  item: InventoryItem;
  onOpen: (item: InventoryItem) => void;
}) {
  const tx = useItemsText();
  return (
    <button
      type="button"
      className="inv-name"
      title={tx('openFor', { name: item.name })}
      onClick={() => onOpen(item)}
    >
      {item.name}
    </button>
  );
}

function Marks({ item, mark }: { item: InventoryItem; mark: SyncMark | undefined }) {
  if (item.active && mark === undefined) return null;
  return (
    <span className="inv-marks">
      {!item.active && <InactiveBadge />}
      <SyncBadge mark={mark} />
    </span>
  );
}

/** The page of items: a table where there is room, a list of cards on a phone. */
export function ItemList({ items, marks, wide, ...actions }: ListProps) {
  const tx = useItemsText();
  const { number } = useFormat();

  if (wide) {
    return (
      <div className="admin-table-wrap">
        <table className="admin-table inv-table" aria-label={tx('list')}>
          <thead>
            <tr>
              <th scope="col">{tx('columns.name')}</th>
              <th scope="col">{tx('columns.sku')}</th>
              <th scope="col" className="inv-num">
                {tx('columns.stock')}
              </th>
              <th scope="col" className="inv-num">
                {tx('columns.min')}
              </th>
              <th scope="col">{tx('columns.level')}</th>
              <th scope="col" className="admin-actions-col">
                {tx('columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} data-item-id={item.id}>
                <td>
                  <NameButton item={item} onOpen={actions.onOpen} />
                  <Marks item={item} mark={marks.get(item.id)} />
                </td>
                <td className={item.sku === null ? 'muted' : undefined}>
                  {item.sku ?? tx('noSku')}
                </td>
                <td
                  className={isBelowZero(item) ? 'inv-num inv-stock-negative' : 'inv-num'}
                  data-testid="item-stock"
                >
                  {number(item.stock)} {item.unit}
                </td>
                <td className="inv-num">{number(item.min_stock)}</td>
                <td>
                  <LevelBadge item={item} />
                </td>
                <td className="admin-actions-cell">
                  <Actions item={item} {...actions} correctHere />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <ul className="inv-cards" aria-label={tx('list')}>
      {items.map((item) => (
        <li key={item.id} className="card inv-card" data-item-id={item.id}>
          <div className="inv-card-head">
            <NameButton item={item} onOpen={actions.onOpen} />
            <LevelBadge item={item} />
          </div>
          <p className="muted inv-card-sku">
            {item.sku === null ? tx('noSku') : tx('skuOf', { sku: item.sku })}
          </p>
          <p className="inv-card-stock">
            <strong
              className={isBelowZero(item) ? 'inv-stock-negative' : undefined}
              data-testid="item-stock"
            >
              {number(item.stock)} {item.unit}
            </strong>
            <span className="muted">{tx('minOf', { min: number(item.min_stock) })}</span>
          </p>
          <Marks item={item} mark={marks.get(item.id)} />
          <BelowZeroNote
            item={item}
            onCorrect={actions.onCorrect && (() => actions.onCorrect?.(item))}
          />
          <Actions item={item} {...actions} />
        </li>
      ))}
    </ul>
  );
}
