import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/use-online.js';
import './admin-i18n.js';

export { useOnline };

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
