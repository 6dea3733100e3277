import { useTranslation } from 'react-i18next';
import type { FirstDownload } from '../../sync/index.js';
import { formatNumber } from '../../lib/format.js';
import { useOnline } from '../../lib/use-online.js';
import './first-download-i18n.js';
import './first-download.css';

/**
 * In place of a screen's "none" or "not found" while the first download runs: what is missing
 * may not have arrived yet (issue 45). Nothing once the download is over.
 */
export function FirstDownloadNotice({
  download,
  className = 'card card-muted',
}: {
  download: FirstDownload;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  if (!download.active) return null;
  const { progress } = download;
  return (
    <div className={`fd-notice ${className}`} role="status" data-testid="first-download">
      <p className="fd-title">
        {progress === null
          ? t('firstDownload.title')
          : t('firstDownload.progress', {
              applied: formatNumber(progress.applied, i18n.language),
              total: formatNumber(progress.total, i18n.language),
            })}
      </p>
      <p className="muted">{online ? t('firstDownload.notYet') : t('firstDownload.offline')}</p>
    </div>
  );
}

/** Beside a count read from the device while the first download runs: it is not final yet. */
export function StillArriving({ download }: { download: FirstDownload }) {
  const { t } = useTranslation();
  if (!download.active) return null;
  return (
    <span
      className="fd-arriving"
      title={t('firstDownload.stillArrivingLong')}
      data-testid="still-arriving"
    >
      {t('firstDownload.stillArriving')}
      <span className="sr-only">. {t('firstDownload.stillArrivingLong')}</span>
    </span>
  );
}

/**
 * One line over a group of counts read from the device while the first download runs: they
 * grow as the rest arrives (a dashboard's totals went 392, then 194,392), so they are not final.
 */
export function ProvisionalCounts({ download }: { download: FirstDownload }) {
  const { t } = useTranslation();
  if (!download.active) return null;
  return (
    <p className="fd-provisional muted" data-testid="counts-provisional">
      <span className="fd-arriving">{t('firstDownload.stillArriving')}</span>{' '}
      {t('firstDownload.stillArrivingLong')}
    </p>
  );
}
