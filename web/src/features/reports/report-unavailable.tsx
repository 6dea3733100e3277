import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';

/** A report screen while its report loads from the device, or when the device does not have it. */
export function ReportUnavailable({ title, loading }: { title: string; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      {loading ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="alert alert-error" role="alert">
          {t('reports.notFound')}
        </div>
      )}
    </Page>
  );
}
