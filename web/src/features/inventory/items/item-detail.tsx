import { stockLevel, type InventoryItem, type StockTransaction } from '@urs/sync-protocol';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemote } from '../../../components/ui/admin-ui.js';
import type { OutboxEntry } from '../../../db/index.js';
import { InactiveBadge, LevelBadge, SyncBadge, TransactionAmount } from './item-badges.js';
import type { ItemFormTarget } from './item-form-modal.js';
import { fetchItemDetail, type HistoryEntry } from './items-api.js';
import { discardItemChange } from './items-actions.js';
import { itemsKey, levelKey } from './items-i18n.js';
import {
  entriesForItem,
  formatDateTime,
  localMetrics,
  recentAreas,
  type SyncMark,
  type SyncMarks,
} from './items-logic.js';
import { useItem, useItemTransactions, useNames } from './items-queries.js';
import { useServerHistory } from './use-server-history.js';

const LOCAL_PAGE = 10;

/** What a refused change was, in the words of the button that made it. */
const REJECTED_LABEL: Partial<Record<string, string>> = {
  'item.create': 'add',
  'item.update': 'edit',
  'item.delete': 'delete',
  'stock.record': 'record',
};

function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'id-ID';
  return {
    number: (n: number) => n.toLocaleString(locale),
    when: (iso: string) => formatDateTime(iso, i18n.language),
  };
}

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
  const { number, when } = useFormat();
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

function TransactionLine({
  tx,
  by,
  area,
  mark,
  flag,
}: {
  tx: Pick<StockTransaction, 'type' | 'quantity' | 'occurred_at' | 'notes'>;
  by: string | undefined;
  area: string | null;
  mark?: SyncMark | undefined;
  flag?: string | null | undefined;
}) {
  const { t } = useTranslation();
  const { when } = useFormat();
  return (
    <div className="inv-tx">
      <div className="inv-tx-head">
        <TransactionAmount type={tx.type} quantity={tx.quantity} />
        <time className="muted" dateTime={tx.occurred_at}>
          {when(tx.occurred_at)}
        </time>
      </div>
      <p className="muted inv-tx-meta">
        <span>
          {t(itemsKey('detail.recordedBy'), {
            name: by ?? t(itemsKey('detail.unknownUser')),
          })}
        </span>
        {area !== null && <span>{area}</span>}
      </p>
      {tx.notes !== null && <p className="inv-tx-notes">{tx.notes}</p>}
      {(mark !== undefined || (flag !== null && flag !== undefined)) && (
        <p className="inv-marks">
          <SyncBadge mark={mark} />
          {flag !== null && flag !== undefined && (
            <span className="inv-badge inv-flagged">{t(itemsKey('detail.flagged'))}</span>
          )}
        </p>
      )}
    </div>
  );
}

function LocalHistory({
  transactions,
  names,
  marks,
}: {
  transactions: readonly StockTransaction[];
  names: { users: Map<string, string>; areas: Map<string, string> };
  marks: SyncMarks;
}) {
  const { t } = useTranslation();
  const tx = (key: string) => t(itemsKey(key));
  const [shown, setShown] = useState(LOCAL_PAGE);
  return (
    <section className="card inv-section" aria-labelledby="inv-local-history">
      <h3 id="inv-local-history" className="inv-section-title">
        {tx('detail.localHistory')}
      </h3>
      <p className="muted inv-note">{tx('detail.localHistoryNote')}</p>
      {transactions.length === 0 ? (
        <p className="muted">{tx('detail.noTransactions')}</p>
      ) : (
        <ol className="inv-history" data-testid="local-history">
          {transactions.slice(0, shown).map((row) => (
            <li key={row.id}>
              <TransactionLine
                tx={row}
                by={names.users.get(row.recorded_by)}
                area={row.area_id === null ? null : (names.areas.get(row.area_id) ?? null)}
                mark={marks.transactions.get(row.id)}
              />
            </li>
          ))}
        </ol>
      )}
      {transactions.length > shown && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setShown((n) => n + LOCAL_PAGE)}
        >
          {tx('detail.showMore')}
        </button>
      )}
    </section>
  );
}

function FullHistory({
  itemId,
  online,
  version,
}: {
  itemId: string;
  online: boolean;
  version: number;
}) {
  const { t } = useTranslation();
  const tx = (key: string, options?: Record<string, unknown>) => t(itemsKey(key), options);
  const history = useServerHistory(itemId, online, version);
  const failed = history.error !== null && history.error !== undefined;
  return (
    <section className="card inv-section" aria-labelledby="inv-full-history">
      <h3 id="inv-full-history" className="inv-section-title">
        {tx('detail.fullHistory')}
      </h3>
      {!online ? (
        <p className="muted" role="status" data-testid="full-history-offline">
          {tx('detail.fullHistoryOffline')}
        </p>
      ) : (
        <>
          {history.rows.length > 0 && (
            <>
              <p className="muted inv-note" aria-live="polite">
                {tx('detail.historyCount', { shown: history.rows.length, total: history.total })}
              </p>
              <ol className="inv-history" data-testid="server-history">
                {history.rows.map((row: HistoryEntry) => (
                  <li key={row.id}>
                    <TransactionLine
                      tx={row}
                      by={row.recorded_by_name}
                      area={row.area_name}
                      flag={row.flag}
                    />
                  </li>
                ))}
              </ol>
            </>
          )}
          {!history.loading && !failed && history.rows.length === 0 && (
            <p className="muted">{tx('detail.noTransactions')}</p>
          )}
          {history.loading && <p className="muted">{t('common.loading')}</p>}
          {failed && (
            <div className="alert alert-error inv-inline-alert" role="alert">
              <span>{tx('detail.historyFailed')}</span>
              <button type="button" className="button button-secondary" onClick={history.retry}>
                {tx('detail.retry')}
              </button>
            </div>
          )}
          {history.hasMore && !history.loading && !failed && (
            <button type="button" className="button button-secondary" onClick={history.loadMore}>
              {tx('detail.loadMore')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function RejectedChange({
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
  const { t } = useTranslation();
  const tx = (key: string) => t(itemsKey(key));
  const result = entry.result;
  const fields = Object.values(result?.errors ?? {}).flat();
  const name = entry.mutation.name;
  const fixable = canFix && (name === 'item.create' || name === 'item.update');
  return (
    <li className="inv-rejected-item">
      <p>
        <strong>{tx(REJECTED_LABEL[name] ?? 'edit')}:</strong> {result?.message ?? ''}
        {fields.length > 0 && ` (${fields.join(' ')})`}
      </p>
      <div className="inv-actions">
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
                errors: result?.errors ?? (result === undefined ? {} : { _: [result.message] }),
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
