import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsSnapshot } from '@urs/sync-protocol';
import { Page } from '../../components/ui/page.js';
import { api } from '../../client/api.js';
import { saveBlobAs } from '../../client/download.js';
import { toast } from '../../client/toast.js';
import { useAppSession, useCurrentUser } from '../../client/use-session.js';
import { AnalyticsReport } from './analytics-report.js';
import './analytics-i18n.js';
import './analytics.css';
import {
  exportFileName,
  formatAge,
  readStoredSnapshot,
  storeSnapshot,
  type StoredSnapshot,
} from './analytics-store.js';

type Load = { state: 'loading' } | { state: 'ready'; live: boolean } | { state: 'failed' };

/** The last snapshot (kept for offline reading) and how the latest attempt to refresh it went. */
function useAnalyticsSnapshot(userId: string) {
  const { t } = useTranslation();
  const { session } = useAppSession();
  const [data, setData] = useState<StoredSnapshot | null>(() => readStoredSnapshot(userId));
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const refresh = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      const body = (await api.json('GET', 'api/analytics')) as { data: AnalyticsSnapshot };
      const fresh = { snapshot: body.data, fetchedAt: new Date().toISOString() };
      // An answer that arrives after its admin signed out is kept for nobody.
      if (session.getState().session?.user.id !== userId) return;
      storeSnapshot(userId, fresh);
      setData(fresh);
      setLoad({ state: 'ready', live: true });
    } catch (err) {
      console.error('Tidak dapat memuat data analytics.', err);
      setLoad({ state: 'failed' });
      if (navigator.onLine) toast.error(t('analytics.loadFailed'));
    }
  }, [t, session, userId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { data, load, refresh };
}

/** The admin analytics: computed by the server; the last snapshot stays readable offline. */
export function AnalyticsScreen() {
  const { t, i18n } = useTranslation();
  // Under the shell's guard there is always a user; '' reads no snapshot and keeps none.
  const userId = useCurrentUser()?.id ?? '';
  const { data, load, refresh } = useAnalyticsSnapshot(userId);

  const exportJson = () => {
    if (data === null) return;
    const json = JSON.stringify(data.snapshot, null, 2);
    saveBlobAs(new Blob([json], { type: 'application/json' }), exportFileName(data.snapshot));
  };

  const actions = (
    <>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void refresh()}
        disabled={load.state === 'loading'}
      >
        {t('analytics.refresh')}
      </button>
      <button
        type="button"
        className="button button-primary"
        onClick={exportJson}
        disabled={data === null}
      >
        {t('analytics.exportJson')}
      </button>
    </>
  );

  if (data === null) {
    return (
      <Page title={t('pages.analytics')} actions={actions}>
        <p className="card muted" role="status">
          {load.state === 'failed' ? t('analytics.loadFailed') : t('analytics.loading')}
        </p>
      </Page>
    );
  }

  const age = formatAge(data.fetchedAt, new Date(), i18n.language);
  const live = load.state === 'ready' && load.live;
  return (
    <Page title={t('pages.analytics')} actions={actions}>
      <p className={live ? 'muted analytics-age' : 'analytics-stale'} role="status">
        {live
          ? t('analytics.generatedAt', { age })
          : navigator.onLine
            ? t('analytics.staleSnapshot', { age })
            : t('analytics.offlineSnapshot', { age })}
      </p>

      <AnalyticsReport snapshot={data.snapshot} />
    </Page>
  );
}
