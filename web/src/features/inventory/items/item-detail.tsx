import { stockLevel, type InventoryItem } from '@urs/sync-protocol';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemote } from '../../../components/ui/use-remote.js';
import type { OutboxEntry } from '../../../db/index.js';
import { InactiveBadge, LevelBadge, SyncBadge } from './item-badges.js';
import type { ItemFormTarget } from './item-form-modal.js';
import { fetchItemDetail } from './items-api.js';
import { itemsKey, levelKey } from './items-i18n.js';
import { localMetrics, recentAreas } from './item-detail-logic.js';
import { entriesForItem, type SyncMarks } from './item-sync-marks.js';
import { useItem, useItemTransactions, useNames } from './items-queries.js';
import { FullHistory, LocalHistory, TransactionLine } from './item-history.js';
import { RejectedChange } from './rejected-change.js';
import { useFormat } from '../../../lib/format.js';

interface DetailProps {
  itemId: string;
  userId: string;
  canManage: boolean;
  online: boolean;
  marks: SyncMarks;
  openEntries: readonly OutboxEntry[];
  onBack: () => void;
  onRecord: (item: InventoryItem) => void;
  onEdit: (item: InventoryItem) => void;
  onDelete: (item: InventoryItem) => void;
  onFix: (target: ItemFormTarget) => void;
}

/** One item: metrics, recent areas, last transaction, the device's and the server's history. */
export function ItemDetail(props: DetailProps) {
  const { t } = useTranslation();
  const tx = (key: string, options?: Record<string, unknown>) => t(itemsKey(key), options);
  const item = useItem(props.itemId);

  if (item === undefined) return <p className="muted">{tx('loading')}</p>;
  return (
    <div className="inv-detail">
      <div>
        <button type="button" className="button button-secondary" onClick={props.onBack}>
          <span aria-hidden="true">←</span> {tx('detail.back')}
        </button>
      </div>
      {item === null ? (
        <p className="card card-muted" role="status">
          {tx('detail.notFound')}
        </p>
      ) : (
        <ItemDetailBody {...props} item={item} />
      )}
    </div>
  );
}

function ItemDetailBody({
  item,
  userId,
  canManage,
  online,
  marks,
  openEntries,
  onRecord,
  onEdit,
  onDelete,
  onFix,
}: DetailProps & { item: InventoryItem }) {
  const { t } = useTranslation();
  const tx = (key: string, options?: Record<string, unknown>) => t(itemsKey(key), options);
  const { number, dateTime: when } = useFormat();
  const transactions = useItemTransactions(item.id);
  const local = useMemo(() => transactions ?? [], [transactions]);
  const metrics = useMemo(() => localMetrics(local, new Date()), [local]);
  const areas = useMemo(() => recentAreas(local), [local]);
  const names = useNames(
    local.map((row) => row.recorded_by),
    local.flatMap((row) => (row.area_id === null ? [] : [row.area_id])),
  );
  // The server's view fills in what the device's 90 days may lack (an old last transaction).
  const server = useRemote(`item-detail|${item.id}|${online}`, () =>
    online ? fetchItemDetail(item.id) : Promise.resolve(null),
  );
  const rejected = entriesForItem(openEntries, item.id).filter((e) => e.status === 'rejected');
  const level = stockLevel(item);

  const serverLast = server.data?.metrics.last_transaction ?? null;
  const last = metrics.last ?? serverLast;
  const serverAreas = server.data?.recent_areas ?? [];

  return (
    <>
      <header className="inv-detail-head">
        <div>
          <h2 className="inv-detail-title">{item.name}</h2>
          <p className="muted">
            {item.sku === null ? tx('noSku') : tx('skuOf', { sku: item.sku })}
          </p>
          <p className="inv-marks">
            <LevelBadge item={item} />
            {!item.active && <InactiveBadge />}
            <SyncBadge mark={marks.items.get(item.id)} />
          </p>
        </div>
        <div className="inv-actions">
          <button type="button" className="button button-primary" onClick={() => onRecord(item)}>
            {tx('record')}
          </button>
          {canManage && (
            <>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => onEdit(item)}
              >
                {tx('edit')}
              </button>
              <button
                type="button"
                className="button admin-danger-outline"
                onClick={() => onDelete(item)}
              >
                {tx('delete')}
              </button>
            </>
          )}
        </div>
      </header>

      {rejected.length > 0 && (
        <section className="alert alert-error inv-rejected" aria-labelledby="inv-rejected-title">
          <h3 id="inv-rejected-title" className="inv-section-title">
            {tx('detail.rejectedTitle')}
          </h3>
          <ul>
            {rejected.map((entry) => (
              <RejectedChange
                key={entry.id}
                entry={entry}
                item={item}
                userId={userId}
                canFix={canManage}
                onFix={onFix}
              />
            ))}
          </ul>
        </section>
      )}

      <section className="card inv-section" aria-labelledby="inv-metrics">
        <h3 id="inv-metrics" className="inv-section-title">
          {tx('detail.metrics')}
        </h3>
        <dl className="inv-metrics">
          <div>
            <dt>{tx('detail.currentStock')}</dt>
            <dd data-testid="detail-stock">
              {number(item.stock)} {item.unit}
            </dd>
          </div>
          <div>
            <dt>{tx('detail.minStock')}</dt>
            <dd>
              {number(item.min_stock)} {item.unit}
            </dd>
          </div>
          <div>
            <dt>{tx('detail.level')}</dt>
            <dd>{t(levelKey(level))}</dd>
          </div>
          <div>
            <dt>{tx('detail.totalIn')}</dt>
            <dd>{number(metrics.totalIn)}</dd>
          </div>
          <div>
            <dt>{tx('detail.totalOut')}</dt>
            <dd>{number(metrics.totalOut)}</dd>
          </div>
          <div>
            <dt>{tx('detail.adjusted')}</dt>
            <dd>
              {metrics.adjusted > 0 ? '+' : ''}
              {number(metrics.adjusted)}
            </dd>
          </div>
        </dl>
        <p className="muted inv-note">{tx('detail.windowNote')}</p>
      </section>

      <div className="inv-detail-grid">
        <section className="card inv-section" aria-labelledby="inv-info">
          <h3 id="inv-info" className="inv-section-title">
            {tx('detail.info')}
          </h3>
          <dl className="inv-info">
            <dt>{tx('detail.unit')}</dt>
            <dd>{item.unit}</dd>
            <dt>{tx('detail.sku')}</dt>
            <dd>{item.sku ?? '—'}</dd>
            <dt>{tx('detail.status')}</dt>
            <dd>{item.active ? tx('detail.active') : tx('inactive')}</dd>
            <dt>{tx('detail.trackable')}</dt>
            <dd>{item.trackable ? tx('detail.tracked') : tx('detail.untracked')}</dd>
            <dt>{tx('detail.description')}</dt>
            <dd className="inv-pre">{item.description ?? '—'}</dd>
          </dl>
        </section>

        <section className="card inv-section" aria-labelledby="inv-areas">
          <h3 id="inv-areas" className="inv-section-title">
            {tx('detail.recentAreas')}
          </h3>
          {areas.length > 0 ? (
            <ul className="inv-plain-list">
              {areas.map((area) => (
                <li key={area.area_id}>
                  <strong>{names.areas.get(area.area_id) ?? tx('detail.unknownArea')}</strong>{' '}
                  <span className="muted">
                    {when(area.last_used_at)} · {tx('detail.uses', { count: area.uses })}
                  </span>
                </li>
              ))}
            </ul>
          ) : serverAreas.length > 0 ? (
            <ul className="inv-plain-list">
              {serverAreas.map((area) => (
                <li key={area.id}>
                  <strong>{area.name}</strong>{' '}
                  <span className="muted">{when(area.last_used_at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{tx('detail.noAreas')}</p>
          )}
        </section>

        <section className="card inv-section" aria-labelledby="inv-last">
          <h3 id="inv-last" className="inv-section-title">
            {tx('detail.lastTransaction')}
          </h3>
          {last === null ? (
            <p className="muted">{tx('detail.noTransactions')}</p>
          ) : (
            <TransactionLine
              tx={last}
              by={names.users.get(last.recorded_by)}
              area={last.area_id === null ? null : (names.areas.get(last.area_id) ?? null)}
              mark={marks.transactions.get(last.id)}
            />
          )}
        </section>
      </div>

      <LocalHistory transactions={local} names={names} marks={marks} />
      <FullHistory
        itemId={item.id}
        online={online}
        // Reloaded when this item's waiting transactions change: once they sync, they are there.
        version={local.filter((row) => marks.transactions.has(row.id)).length}
      />
    </>
  );
}
