import { useTranslation } from 'react-i18next';
import { failureText } from '../../client/admin-kit.js';
import { useOnline } from './online.js';
import './admin.css';
import './admin-i18n.js';

/** The alert an admin list shows while its last load failed (offline or the server's word). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (error === null) return null;
  return (
    <div className="alert alert-error admin-load-error" role="alert">
      <span>{failureText(error, t('admin.loadFailed'), t('admin.offline'), online)}</span>
      <button type="button" className="button button-small button-secondary" onClick={onRetry}>
        {t('admin.retry')}
      </button>
    </div>
  );
}
