import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './admin-i18n.js';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** `navigator.onLine`, kept current by the online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The banner an online-only admin screen shows while the browser has no connection. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="admin-offline">
      {t('admin.offline')}
    </div>
  );
}
