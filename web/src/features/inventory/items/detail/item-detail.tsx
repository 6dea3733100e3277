import { stockLevel, type InventoryItem, type StockTransaction } from '@urs/sync-protocol';
import { FactList } from '../../../../components/ui/fact-list.js';
import { useMemo } from 'react';
import { useRemote } from '../../../../components/ui/use-remote.js';
import { BelowZeroNote, InactiveBadge, LevelBadge, SyncBadge } from '../item-badges.js';
import type { ItemFormTarget } from '../form/item-form-modal.js';
import { fetchItemDetail } from '../data/items-api.js';
import { useItemsText } from '../items-i18n.js';
import { localMetrics, recentAreas, type LocalMetrics } from './item-detail-logic.js';
import { entriesForItem, type OutboxEntry, type SyncMarks } from '../data/item-sync-marks.js';
import { useItem, useItemTransactions, useNames } from '../data/items-queries.js';
import { FullHistory, LocalHistory, TransactionLine } from './item-history.js';
import { ItemSection } from './item-section.js';
import { isBelowZero } from '../stock-numbers.js';
import { RejectedChange } from './rejected-change.js';
import { useFormat } from '../../../../lib/format.js';
import { FirstDownloadNotice } from '../../../../components/ui/first-download.js';
import { useFirstDownload } from '../../../../sync/index.js';

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
  /** Corrects a stock below zero by a count (those who manage items). */
  onCorrect: (item: InventoryItem) => void;
  onFix: (target: ItemFormTarget) => void;
}

/** One item: metrics, recent areas, last transaction, the device's and the server's history. */
export function ItemDetail(props: DetailProps) {
  const tx = useItemsText();
  const item = useItem(props.itemId);
  const download = useFirstDownload(props.userId);

  if (item === undefined) return <p className="muted">{tx('loading')}</p>;
  return (
    <div className="inv-detail">
      <div>
        <button type="button" className="button button-secondary" onClick={props.onBack}>
          <span aria-hidden="true">←</span> {tx('detail.back')}
        </button>
      </div>
      {item === null && download.active ? (
        <FirstDownloadNotice download={download} />
      ) : item === null ? (
        <p className="card card-muted" role="status">
          {tx('detail.notFound')}
        </p>
      ) : (
        <ItemDetailBody {...props} item={item} />
      )}
    </div>
  );
}

function ItemDetailBody(props: DetailProps & { item: InventoryItem }) {
  const { item, canManage, online, marks } = props;
  const tx = useItemsText();
  const transactions = useItemTransactions(item.id);
  const local = useMemo(() => transactions ?? [], [transactions]);
  const metrics = useMemo(() => localMetrics(local, new Date()), [local]);
  const names = useNames(
    local.map((row) => row.recorded_by),
    local.flatMap((row) => (row.area_id === null ? [] : [row.area_id])),
  );
  // The server's view fills in what the device's 90 days may lack (an old last transaction).
  const server = useRemote(`item-detail|${item.id}|${online}`, () =>
    online ? fetchItemDetail(item.id) : Promise.resolve(null),
  );
  const rejected = entriesForItem(props.openEntries, item.id).filter(
    (e) => e.status === 'rejected',
  );
  const last = metrics.last ?? server.data?.metrics.last_transaction ?? null;

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
          <BelowZeroNote
            item={item}
            onCorrect={canManage ? () => props.onCorrect(item) : undefined}
          />
        </div>
        <div className="inv-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => props.onRecord(item)}
          >
            {tx('record')}
          </button>
          {canManage && (
            <>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => props.onEdit(item)}
              >
                {tx('edit')}
              </button>
              <button
                type="button"
                className="button admin-danger-outline"
                onClick={() => props.onDelete(item)}
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
                userId={props.userId}
                canFix={canManage}
                onFix={props.onFix}
              />
            ))}
          </ul>
        </section>
      )}

      <ItemMetrics item={item} metrics={metrics} />
      <div className="inv-detail-grid">
        <ItemInfo item={item} />
        <RecentAreas local={local} names={names.areas} server={server.data?.recent_areas ?? []} />
        <ItemSection id="inv-last" title={tx('detail.lastTransaction')}>
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
        </ItemSection>
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

/** The figures: stock, level and the device's 90-day totals. */
function ItemMetrics({ item, metrics }: { item: InventoryItem; metrics: LocalMetrics }) {
  const tx = useItemsText();
  const { number } = useFormat();
  const adjusted = `${metrics.adjusted > 0 ? '+' : ''}${number(metrics.adjusted)}`;
  return (
    <ItemSection id="inv-metrics" title={tx('detail.metrics')}>
      <FactList
        className="inv-metrics"
        facts={[
          [
            tx('detail.currentStock'),
            <span
              className={isBelowZero(item) ? 'inv-stock-negative' : undefined}
              data-testid="detail-stock"
            >{`${number(item.stock)} ${item.unit}`}</span>,
          ],
          [tx('detail.minStock'), `${number(item.min_stock)} ${item.unit}`],
          [
            tx('detail.level'),
            tx(
              `levels.${!item.trackable ? 'untracked' : isBelowZero(item) ? 'negative' : stockLevel(item)}`,
            ),
          ],
          [tx('detail.totalIn'), number(metrics.totalIn)],
          [tx('detail.totalOut'), number(metrics.totalOut)],
          [tx('detail.adjusted'), adjusted],
        ]}
      />
      <p className="muted inv-note">{tx('detail.windowNote')}</p>
    </ItemSection>
  );
}

function ItemInfo({ item }: { item: InventoryItem }) {
  const tx = useItemsText();
  return (
    <ItemSection id="inv-info" title={tx('detail.info')}>
      <FactList
        className="inv-info"
        facts={[
          [tx('detail.unit'), item.unit],
          [tx('detail.sku'), item.sku ?? '—'],
          [tx('detail.status'), item.active ? tx('detail.active') : tx('inactive')],
          [tx('detail.trackable'), item.trackable ? tx('detail.tracked') : tx('detail.untracked')],
          [tx('detail.description'), <span className="inv-pre">{item.description ?? '—'}</span>],
        ]}
      />
    </ItemSection>
  );
}

/** Where the item went lately: the device's transactions, else the server's summary. */
function RecentAreas({
  local,
  names,
  server,
}: {
  local: readonly StockTransaction[];
  names: ReadonlyMap<string, string>;
  server: readonly { id: string; name: string; last_used_at: string }[];
}) {
  const tx = useItemsText();
  const { dateTime: when } = useFormat();
  const areas = useMemo(() => recentAreas(local), [local]);
  const rows =
    areas.length > 0
      ? areas.map((area) => ({
          id: area.area_id,
          name: names.get(area.area_id) ?? tx('detail.unknownArea'),
          meta: `${when(area.last_used_at)} · ${tx('detail.uses', { count: area.uses })}`,
        }))
      : server.map((area) => ({ id: area.id, name: area.name, meta: when(area.last_used_at) }));
  return (
    <ItemSection id="inv-areas" title={tx('detail.recentAreas')}>
      {rows.length > 0 ? (
        <ul className="inv-plain-list">
          {rows.map((row) => (
            <li key={row.id}>
              <strong>{row.name}</strong> <span className="muted">{row.meta}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{tx('detail.noAreas')}</p>
      )}
    </ItemSection>
  );
}
