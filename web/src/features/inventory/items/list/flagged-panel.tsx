import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../../components/ui/pager.js';
import { useRemote } from '../../../../components/ui/use-remote.js';
import { TransactionAmount } from '../item-badges.js';
import { RetryAlert } from '../retry-alert.js';
import { fetchFlagged } from '../data/items-api.js';
import { useItemsText } from '../items-i18n.js';
import { formatDateTime } from '../../../../lib/format.js';

/**
 * Admin only, online only: `out`s the server accepted although they took the stock below zero
 * (recorded offline against a stock the phone did not know was gone), for the admin to check.
 */
export function FlaggedPanel({
  online,
  onOpenItem,
}: {
  online: boolean;
  onOpenItem: (itemId: string) => void;
}) {
  const tx = useItemsText();
  if (!online) {
    return (
      <section className="card inv-flagged-panel" aria-labelledby="inv-flagged-title">
        <h2 id="inv-flagged-title" className="inv-section-title">
          {tx('flagged.title')}
        </h2>
        <p className="muted">{tx('flagged.offline')}</p>
      </section>
    );
  }
  return <FlaggedList onOpenItem={onOpenItem} />;
}

function FlaggedList({ onOpenItem }: { onOpenItem: (itemId: string) => void }) {
  const { t, i18n } = useTranslation();
  const tx = useItemsText();
  const [page, setPage] = useState(1);
  const flagged = useRemote(`flagged|${page}`, () => fetchFlagged(page));
  const total = flagged.data?.meta.total ?? 0;
  const failed = flagged.error !== null && flagged.error !== undefined;

  return (
    <details className="card inv-flagged-panel" data-testid="flagged-panel">
      <summary className="inv-flagged-summary">
        <span className="inv-section-title">{tx('flagged.title')}</span>
        {flagged.data !== null && (
          <span className={total > 0 ? 'inv-badge inv-flagged' : 'inv-badge inv-inactive'}>
            {tx('flagged.count', { count: total })}
          </span>
        )}
      </summary>
      <p className="muted inv-note">{tx('flagged.hint')}</p>
      {failed ? (
        <RetryAlert message={tx('flagged.loadFailed')} onRetry={flagged.reload} />
      ) : flagged.data === null ? (
        <p className="muted">{t('common.loading')}</p>
      ) : flagged.data.data.length === 0 ? (
        <p className="muted">{tx('flagged.empty')}</p>
      ) : (
        <>
          <ul className="inv-history">
            {flagged.data.data.map((row) => (
              <li key={row.id} className="inv-tx">
                <div className="inv-tx-head">
                  <button
                    type="button"
                    className="inv-name"
                    onClick={() => onOpenItem(row.item_id)}
                  >
                    {row.item_name}
                  </button>
                  <TransactionAmount type={row.type} quantity={row.quantity} />
                </div>
                <p className="muted inv-tx-meta">
                  <span>{tx('detail.recordedBy', { name: row.recorded_by_name })}</span>
                  {row.area_name !== null && <span>{row.area_name}</span>}
                  <time dateTime={row.occurred_at}>
                    {formatDateTime(row.occurred_at, i18n.language)}
                  </time>
                </p>
                {row.notes !== null && <p className="inv-tx-notes">{row.notes}</p>}
              </li>
            ))}
          </ul>
          {flagged.data.meta.last_page > 1 && (
            <Pager
              page={flagged.data.meta.page}
              lastPage={flagged.data.meta.last_page}
              total={total}
              onPage={setPage}
              label={tx('flagged.pages')}
            />
          )}
        </>
      )}
    </details>
  );
}
