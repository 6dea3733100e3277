import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { confirmDiscardRefused } from '../../client/confirm-discard.js';
import { toast } from '../../client/toast.js';
import { refusedItems, type RefusedItem } from './refused-items.js';
import { discardRefused, useRefusedLookups, type OutboxEntry } from './shell-data.js';

/**
 * What the server refused, one line per record: what it is and why, a link to correct it in its
 * own form, and discarding behind a confirmation.
 */
export function RefusedList({
  userId,
  rejected,
  onNavigate,
}: {
  userId: string;
  rejected: readonly OutboxEntry[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lookups = useRefusedLookups(rejected, t('sync.unknownArea'));
  if (lookups === undefined) return null;
  const items = refusedItems(rejected, lookups);

  const discard = async (item: RefusedItem, label: string) => {
    if (!(await confirmDiscardRefused(label))) return;
    try {
      await discardRefused(userId, item.entryIds);
      toast.success(t('sync.discarded'));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <ul>
      {items.map((item) => {
        const label =
          item.what === ''
            ? t(`sync.kinds.${item.kind}`)
            : `${t(`sync.kinds.${item.kind}`)}: ${item.what}`;
        return (
          <li key={item.key} className="sync-rejected-item" data-testid="refused-item">
            <div className="sync-rejected-text">
              <strong>{label}</strong>
              {item.why !== '' && <span className="sync-rejected-why">{item.why}</span>}
            </div>
            <div className="sync-rejected-actions">
              {item.href !== null && (
                <a
                  href={item.href}
                  className="button button-small button-primary"
                  aria-label={`${t('sync.fix')} ${label}`}
                  onClick={(event) => {
                    // The href carries a query (?tab=requests&request=...): navigate by href.
                    event.preventDefault();
                    onNavigate();
                    if (item.href !== null) void navigate({ href: item.href });
                  }}
                >
                  {t('sync.fix')}
                </a>
              )}
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={`${t('sync.discard')} ${label}`}
                onClick={() => void discard(item, label)}
              >
                {t('sync.discard')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
