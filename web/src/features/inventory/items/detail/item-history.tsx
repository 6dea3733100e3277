import type { StockTransaction } from '@urs/sync-protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/format.js';
import type { SyncMark } from '../../../../sync/index.js';
import { SyncBadge, TransactionAmount } from '../item-badges.js';
import type { SyncMarks } from '../data/item-sync-marks.js';
import type { HistoryEntry } from '../data/items-api.js';
import { useItemsText } from '../items-i18n.js';
import { useServerHistory } from './use-server-history.js';
import { ItemSection } from './item-section.js';
import { RetryAlert } from '../retry-alert.js';

const LOCAL_PAGE = 10;

export function TransactionLine({
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
  const text = useItemsText();
  const { dateTime: when } = useFormat();
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
          {text('detail.recordedBy', {
            name: by ?? text('detail.unknownUser'),
          })}
        </span>
        {area !== null && <span>{area}</span>}
      </p>
      {tx.notes !== null && <p className="inv-tx-notes">{tx.notes}</p>}
      {(mark !== undefined || (flag !== null && flag !== undefined)) && (
        <p className="inv-marks">
          <SyncBadge mark={mark} />
          {flag !== null && flag !== undefined && (
            <span className="inv-badge inv-flagged">{text('detail.flagged')}</span>
          )}
        </p>
      )}
    </div>
  );
}

export function LocalHistory({
  transactions,
  names,
  marks,
}: {
  transactions: readonly StockTransaction[];
  names: { users: Map<string, string>; areas: Map<string, string> };
  marks: SyncMarks;
}) {
  const tx = useItemsText();
  const [shown, setShown] = useState(LOCAL_PAGE);
  return (
    <ItemSection id="inv-local-history" title={tx('detail.localHistory')}>
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
    </ItemSection>
  );
}

export function FullHistory({
  itemId,
  online,
  version,
}: {
  itemId: string;
  online: boolean;
  version: number;
}) {
  const { t } = useTranslation();
  const tx = useItemsText();
  const history = useServerHistory(itemId, online, version);
  const failed = history.error !== null && history.error !== undefined;
  return (
    <ItemSection id="inv-full-history" title={tx('detail.fullHistory')}>
      {!online ? (
        <p className="muted" role="status" data-testid="full-history-offline">
          {tx('detail.fullHistoryOffline')}
        </p>
      ) : (
        <>
          {history.rows.length > 0 && (
            <>
              <p className="muted inv-note" aria-live="polite">
                {tx('detail.historyCount', {
                  shown: history.rows.length,
                  total: history.total,
                  count: history.total,
                })}
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
          {failed && <RetryAlert message={tx('detail.historyFailed')} onRetry={history.retry} />}
          {history.hasMore && !history.loading && !failed && (
            <button type="button" className="button button-secondary" onClick={history.loadMore}>
              {tx('detail.loadMore')}
            </button>
          )}
        </>
      )}
    </ItemSection>
  );
}
