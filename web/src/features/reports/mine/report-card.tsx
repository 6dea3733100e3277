import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { Report, ReportStatus } from '@urs/sync-protocol';
import type { ReactNode } from 'react';
import { db } from '../../../db/index.js';
import { nameOf } from '../../../sync/index.js';
import { statusKey, workTypeKey } from '../report-i18n.js';
import { formatDateTime } from '../../../lib/format.js';

/** One report as a card: reporter, area, photo count, status, sync marker, actions. */
export function ReportCard({
  report,
  unsynced,
  mayEdit,
}: {
  report: Report;
  unsynced: boolean;
  mayEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const info = useLiveQuery(async () => {
    const [area, reporter, photoCount] = await Promise.all([
      nameOf(db, 'areas', report.area_id),
      nameOf(db, 'users', report.reporter_id),
      db.report_photos.where('report_id').equals(report.id).count(),
    ]);
    return { area, reporter, photoCount };
  }, [report.id, report.area_id, report.reporter_id]);

  return (
    <li className="card rp-card" data-report-id={report.id}>
      <ReportStatusHead status={report.status} unsynced={unsynced}>
        <span className="rp-card-date muted">
          {formatDateTime(report.reported_at, i18n.language)}
        </span>
      </ReportStatusHead>
      <p className="rp-card-area">{info?.area ?? t('reports.unknownArea')}</p>
      <p className="rp-card-description">{report.description}</p>
      <p className="rp-card-meta muted">
        <span>{info?.reporter ?? t('reports.unknownUser')}</span>
        <span>{t(workTypeKey(report.work_type))}</span>
        <span>{t('reports.photoCount', { count: info?.photoCount ?? 0 })}</span>
      </p>
      <div className="rp-card-actions">
        <Link
          to="/reports/$id"
          params={{ id: report.id }}
          className="button button-secondary button-small"
        >
          {t('reports.detail')}
        </Link>
        {mayEdit && (
          <Link
            to="/reports/$id/edit"
            params={{ id: report.id }}
            className="button button-secondary button-small"
          >
            {t('reports.edit')}
          </Link>
        )}
      </div>
    </li>
  );
}

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
