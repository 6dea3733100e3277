import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../client/toast.js';
import { useCurrentUser } from '../../client/use-session.js';
import { estimateStorage, requestPersistentStorage, type StorageUsage } from '../../sync/index.js';
import { usePendingChangeCount } from './storage-queries.js';
import './settings-i18n.js';
import './settings.css';
import { formatBytes } from '../../lib/format.js';
import { FactList } from '../../components/ui/fact-list.js';

type Loaded<T> = { state: 'loading' } | { state: 'done'; value: T };

async function isPersisted(): Promise<boolean | null> {
  if (typeof navigator === 'undefined' || !('storage' in navigator)) return null;
  if (typeof navigator.storage.persisted !== 'function') return null;
  try {
    return await navigator.storage.persisted();
  } catch {
    return null;
  }
}

/** How much this device holds, whether the browser may evict it, and what is still unsent. */
export function StorageCard() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const [usage, setUsage] = useState<Loaded<StorageUsage | null>>({ state: 'loading' });
  const [persisted, setPersisted] = useState<Loaded<boolean | null>>({ state: 'loading' });
  const [asking, setAsking] = useState(false);
  const pending = usePendingChangeCount(userId);

  const refresh = useCallback(async () => {
    const [estimate, kept] = await Promise.all([estimateStorage(), isPersisted()]);
    setUsage({ state: 'done', value: estimate });
    setPersisted({ state: 'done', value: kept });
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const ask = async () => {
    setAsking(true);
    try {
      const granted = await requestPersistentStorage();
      if (granted) toast.success(t('deviceStorage.granted'));
      else toast.warning(t('deviceStorage.denied'));
      await refresh();
    } finally {
      setAsking(false);
    }
  };

  const usageText =
    usage.state === 'loading'
      ? t('common.loading')
      : usage.value === null
        ? t('deviceStorage.unknown')
        : t('deviceStorage.usageValue', {
            usage: formatBytes(usage.value.usageBytes, i18n.language),
            quota: formatBytes(usage.value.quotaBytes, i18n.language),
          });
  const persistedText =
    persisted.state === 'loading'
      ? t('common.loading')
      : persisted.value === null
        ? t('deviceStorage.persistedUnknown')
        : persisted.value
          ? t('deviceStorage.persistedYes')
          : t('deviceStorage.persistedNo');

  const pendingText =
    pending === undefined
      ? t('common.loading')
      : t('deviceStorage.pendingValue', { count: pending });

  return (
    <section className="card storage-card" aria-labelledby="device-storage-title">
      <h2 id="device-storage-title" className="storage-title">
        {t('deviceStorage.title')}
      </h2>
      <FactList
        className="storage-list"
        facts={[
          [t('deviceStorage.usage'), <span data-testid="storage-usage">{usageText}</span>],
          [
            t('deviceStorage.persisted'),
            <span data-testid="storage-persisted">{persistedText}</span>,
          ],
          [t('deviceStorage.pending'), <span data-testid="storage-pending">{pendingText}</span>],
        ]}
      />
      {!(persisted.state === 'done' && persisted.value === true) && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void ask()}
          disabled={asking}
        >
          {t('deviceStorage.request')}
        </button>
      )}
    </section>
  );
}
