import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { discardRejected, useSyncStatus } from '../../sync/index.js';
import { Icon } from '../../components/ui/icon.js';
import { syncRuntime } from '../../lib/device-runtime.js';
import { toast } from '../../lib/toast.js';

/** Top-bar status of the outbox: online state, what waits, what the server refused. */
export function SyncIndicator({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const engine = syncRuntime.engine;
  const status = useSyncStatus(engine, userId);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const tone = !status.online
    ? 'offline'
    : status.rejected.length > 0 || status.paused
      ? 'problem'
      : status.pendingCount > 0
        ? 'pending'
        : 'ok';
  const locale = i18n.language === 'en' ? 'en-GB' : 'id-ID';
  const progress = status.pullProgress;
  // A first sync of a school year takes a while: a count shows the app has not hung.
  const label = status.syncing
    ? progress === null
      ? t('sync.syncing')
      : t('sync.downloading', {
          applied: progress.applied.toLocaleString(locale),
          total: progress.total.toLocaleString(locale),
        })
    : status.online
      ? t('sync.online')
      : t('sync.offline');
  const lastSynced =
    status.lastSuccessAt === null
      ? t('sync.neverSynced')
      : t('sync.lastSynced', {
          time: new Date(status.lastSuccessAt).toLocaleString(locale, {
            dateStyle: 'medium',
            timeStyle: 'short',
          }),
        });

  const discard = async (entryId: number) => {
    try {
      await discardRejected(engine.db, userId, entryId);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  };

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
        <span>{label}</span>
        {status.pendingCount > 0 && (
          <span className="sync-count">{t('sync.pending', { count: status.pendingCount })}</span>
        )}
      </button>
      {open && (
        <div id={panelId} className="sync-panel" role="region" aria-label={t('sync.status')}>
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
              <ul>
                {status.rejected.map((entry) => (
                  <li key={entry.id} className="sync-rejected-item">
                    <span>{entry.result?.message ?? entry.mutation.name}</span>
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      onClick={() => void discard(entry.id)}
                    >
                      {t('sync.discard')}
                    </button>
                  </li>
                ))}
              </ul>
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
