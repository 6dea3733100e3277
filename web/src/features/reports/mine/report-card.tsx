import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { canDoJob, type AccountRole, type Report } from '@urs/sync-protocol';
import { useReportCardFacts, type ReportCardFacts } from '../data/report-queries.js';
import { workTypeKey } from '../report-i18n.js';
import { reportNumberText } from '../report-number.js';
import { ReportStatusHead } from '../report-status-head.js';
import { formatDateTime } from '../../../lib/format.js';

/**
 * Whether `viewer` may edit the report's text: the contract's job table (decision 028), the
 * rule the detail screen and the server follow (photo counts do not bear on editing).
 */
export function mayEditReport(report: Report, viewer: { id: string; role: AccountRole }): boolean {
  return canDoJob('edit', { ...report, before_photos: 0, after_photos: 0 }, viewer);
}

/**
 * Reports as cards, their names and photo counts read once for all of them (not once per
 * card). An edit link shows on those `viewer` may edit.
 */
export function ReportCards({
  reports,
  unsynced,
  viewer,
  label,
}: {
  reports: readonly Report[];
  unsynced: ReadonlySet<string>;
  viewer: { id: string; role: AccountRole } | null;
  label?: string;
}) {
  const facts = useReportCardFacts(reports);
  return (
    <ul className="rp-cards" aria-label={label}>
      {reports.map((report) => (
        <ReportCard
          key={report.id}
          report={report}
          facts={facts?.get(report.id)}
          unsynced={unsynced.has(report.id)}
          mayEdit={viewer !== null && mayEditReport(report, viewer)}
        />
      ))}
    </ul>
  );
}

/** One report as a card: reporter, area, photo count, status, sync marker, actions. */
export function ReportCard({
  report,
  facts,
  unsynced,
  mayEdit,
}: {
  report: Report;
  /** Undefined while they are read. */
  facts: ReportCardFacts | undefined;
  unsynced: boolean;
  mayEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li className="card rp-card" data-report-id={report.id}>
      <ReportStatusHead status={report.status} unsynced={unsynced}>
        <span className="rp-card-date muted">
          {formatDateTime(report.reported_at, i18n.language)}
        </span>
      </ReportStatusHead>
      <p className="rp-card-area">{facts?.area ?? t('reports.unknownArea')}</p>
      <p
        className={(report.number ?? null) === null ? 'rp-number rp-number-awaiting' : 'rp-number'}
        data-testid="report-number"
      >
        {reportNumberText(report, t)}
      </p>
      <p className="rp-card-description">{report.description}</p>
      <p className="rp-card-meta muted">
        <span>{facts?.reporter ?? t('reports.unknownUser')}</span>
        <span>{t(workTypeKey(report.work_type))}</span>
        <span>{t('reports.photoCount', { count: facts?.photoCount ?? 0 })}</span>
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
