import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';
import { FirstDownloadNotice } from '../../components/ui/first-download.js';
import { useFirstDownload } from '../../sync/index.js';
import { useCurrentUser } from '../../client/use-session.js';

/**
 * A report screen while its report loads, or when it cannot be shown: by default because the
 * device does not have it; `message` names another reason (the server's 404, a failed read).
 * While the first download runs, a report the device does not have yet may be on its way:
 * the screen says so instead of "not found" (issue 45).
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
  const userId = useCurrentUser()?.id;
  const download = useFirstDownload(userId);
  const notOnDevice = !loading && message === undefined;
  return (
    <Page title={title}>
      {loading ? (
        <p className="muted">{t('common.loading')}</p>
      ) : notOnDevice && download.active ? (
        <FirstDownloadNotice download={download} />
      ) : (
        <div className="alert alert-error" role="alert">
          {message ?? t('reports.notFound')}
        </div>
      )}
    </Page>
  );
}
