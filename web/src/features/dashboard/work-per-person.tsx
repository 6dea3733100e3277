import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PersonWork } from '../reports/index.js';
import { FirstDownloadNotice, StillArriving } from '../../components/ui/first-download.js';
import type { FirstDownload } from '../../sync/index.js';

/**
 * The admin's open and overdue work per person (decision 028), the jobs nobody holds yet as a
 * row of their own: who is behind, and what waits to be given out.
 */
export function WorkPerPerson({
  work,
  download,
}: {
  work: readonly PersonWork[];
  /** While the first download runs the counts are not final. */
  download: FirstDownload;
}) {
  const { t } = useTranslation();
  return (
    <section className="card rp-section" aria-labelledby="db-work" data-testid="db-work">
      <h2 id="db-work" className="rp-heading">
        {t('dashboard.workTitle')}
        <StillArriving download={download} />
      </h2>
      {work.length === 0 && download.active ? (
        <FirstDownloadNotice download={download} />
      ) : work.length === 0 ? (
        <p className="muted">{t('dashboard.workEmpty')}</p>
      ) : (
        <div className="db-work-scroll">
          <table className="db-work">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.workPerson')}</th>
                <th scope="col" className="db-work-number">
                  {t('dashboard.workOpen')}
                </th>
                <th scope="col" className="db-work-number">
                  {t('dashboard.workOverdue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {work.map((row) => (
                <tr
                  key={row.assigneeId ?? 'queue'}
                  className={row.assigneeId === null ? 'db-work-queue' : undefined}
                >
                  <th scope="row">
                    {/* Their open jobs on the board, to reassign from there. */}
                    <Link to="/jobs" search={{ assignee: row.assigneeId ?? 'queue' }}>
                      {row.assigneeId === null
                        ? t('dashboard.workQueue')
                        : (row.name ?? t('reports.unknownUser'))}
                    </Link>
                  </th>
                  <td className="db-work-number">{row.open}</td>
                  <td
                    className={
                      row.overdue > 0 ? 'db-work-number db-work-overdue' : 'db-work-number'
                    }
                  >
                    {row.overdue}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
