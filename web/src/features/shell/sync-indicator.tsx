import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSyncEngine, useSyncStatus } from '../../sync/index.js';
import { Icon } from '../../components/ui/icon.js';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format.js';
import { RefusedList } from './refused-list.js';

/** Top-bar status of the outbox: online state, what waits, what the server refused. */
export function SyncIndicator({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const engine = useSyncEngine();
  const status = useSyncStatus(engine, userId);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape in a confirmation on top closes that confirmation, not the panel under it.
      if (event.key === 'Escape' && document.querySelector('dialog[open]') === null) setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      // A confirmation opened from the panel (discarding) is on top of it, not outside it.
      if (event.target instanceof Element && event.target.closest('dialog, [role="dialog"]'))
        return;
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const tone =
    !status.online || status.unreachable
      ? 'offline'
      : status.rejected.length > 0 || status.paused
        ? 'problem'
        : status.pendingCount > 0
          ? 'pending'
          : 'ok';
  const progress = status.pullProgress;
  const connection = !status.online
    ? t('sync.offline')
    : status.unreachable
      ? t('sync.unreachable')
      : t('sync.online');
  // A first sync of a school year takes a while: a count shows the app has not hung.
  const downloading =
    status.syncing && progress !== null
      ? t('sync.downloading', {
          applied: formatNumber(progress.applied, i18n.language),
          total: formatNumber(progress.total, i18n.language),
        })
      : null;
  const label = downloading ?? (status.syncing ? t('sync.syncing') : connection);
  // A phone's top bar has no room for both numbers (they wrapped at 390 px): there the button
  // says the share, whole percents rounded down so it reads 100 % only when all is in, and the
  // full count stays its accessible name and the panel's first line.
  const short =
    downloading !== null && progress !== null
      ? t('sync.downloadingShort', {
          percent: formatPercent(
            Math.floor((progress.applied * 100) / Math.max(progress.total, 1)),
            i18n.language,
          ),
        })
      : null;
  const lastSynced =
    status.lastSuccessAt === null
      ? t('sync.neverSynced')
      : t('sync.lastSynced', {
          time: formatDateTime(status.lastSuccessAt, i18n.language),
        });

  return (
    <div className="sync" ref={wrapper}>
      <button
        type="button"
        className={`sync-button sync-${tone}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="sync-indicator"
      >
        <span className="sync-dot" aria-hidden="true" />
        <span className={short === null ? 'sync-label' : 'sync-label sync-label-long'}>
          {label}
        </span>
        {short !== null && (
          <span className="sync-label sync-label-short" aria-hidden="true">
            {short}
          </span>
        )}
        {status.pendingCount > 0 && (
          <span className="sync-count">{t('sync.pending', { count: status.pendingCount })}</span>
        )}
      </button>
      {/* Losing the network or the server changes only the button's words, which a screen
          reader does not read unasked; this region says it. Not each sync run: one comes every
          minute, and would talk over whatever the user is doing. It lives at the end of the
          body, not in the top bar: on a phone the open drawer makes the top bar inert, and an
          inert subtree is out of the accessibility tree, its live regions silent. It holds
          nothing that takes focus, so nothing behind the drawer becomes reachable. */}
      {createPortal(
        <span className="sr-only" role="status">
          {connection}
        </span>,
        document.body,
      )}
      {open && (
        <div id={panelId} className="sync-panel" role="region" aria-label={t('sync.status')}>
          {downloading !== null && <p className="sync-line">{downloading}</p>}
          <p className="sync-line">
            {status.pendingCount > 0
              ? t('sync.pendingLong', { count: status.pendingCount })
              : t('sync.allSent')}
          </p>
          <p className="sync-line muted">{lastSynced}</p>
          {status.error !== null && (
            <p className="sync-line muted">{t('sync.lastError', { message: status.error })}</p>
          )}
          {status.rejected.length > 0 && (
            <div className="sync-rejected">
              <h2 className="sync-heading">{t('sync.rejectedTitle')}</h2>
              <RefusedList
                userId={userId}
                rejected={status.rejected}
                onNavigate={() => setOpen(false)}
              />
            </div>
          )}
          <button
            type="button"
            className="button button-primary button-block"
            disabled={!status.online || status.syncing}
            onClick={() => void engine.syncOnce({ force: true })}
          >
            <Icon name="sync" size={16} />
            {t('sync.syncNow')}
          </button>
        </div>
      )}
    </div>
  );
}
