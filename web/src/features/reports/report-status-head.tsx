import { useTranslation } from 'react-i18next';
import type { ReportStatus } from '@urs/sync-protocol';
import type { ReactNode } from 'react';
import { statusKey } from './report-i18n.js';

/** A report's status badge, its "not yet sent" mark, and what the screen adds after them. */
export function ReportStatusHead({
  status,
  unsynced,
  children,
}: {
  status: ReportStatus;
  unsynced: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="rp-card-head">
      <span className={`rp-status rp-status-${status}`}>{t(statusKey(status))}</span>
      {unsynced && (
        <span className="rp-unsynced" data-testid="unsynced">
          {t('reports.unsynced')}
        </span>
      )}
      {children}
    </div>
  );
}
