import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';

/**
 * A report screen while its report loads, or when it cannot be shown: by default because the
 * device does not have it; `message` names another reason (the server's 404, a failed read).
 */
export function ReportUnavailable({
  title,
  loading,
  message,
}: {
  title: string;
  loading: boolean;
  message?: string;
}) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      {loading ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="alert alert-error" role="alert">
          {message ?? t('reports.notFound')}
        </div>
      )}
    </Page>
  );
}
