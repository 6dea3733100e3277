import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '@urs/sync-protocol';
import { Page } from '../../../components/ui/page.js';
import { Pager } from '../../../components/ui/pager.js';
import { FirstDownloadNotice } from '../../../components/ui/first-download.js';
import { useFirstDownload } from '../../../sync/index.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { pageOf } from '../../../lib/paging.js';
import { MY_REPORTS_PAGE_SIZE } from './paging.js';
import { ReportCards } from './report-card.js';
import { useMyReportsPage, useUnsyncedReportIds } from '../data/report-queries.js';
import '../report-i18n.js';
import '../reports.css';

/** What the screen shows without a user, and while its first page is read. */
const NO_REPORTS = pageOf<Report>([], 1, MY_REPORTS_PAGE_SIZE);

/** The signed-in user's reports from the device, last filed first, ten per page. */
export function MyReportsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const [page, setPage] = useState(1);
  const reports = useMyReportsPage(userId, page, MY_REPORTS_PAGE_SIZE);
  const unsynced = useUnsyncedReportIds(userId);
  const download = useFirstDownload(userId);
  const { pages, page: current, rows: shown, total } = reports ?? NO_REPORTS;

  return (
    <Page
      title={t('pages.myReports')}
      actions={
        <Link to="/reports/create" className="button button-primary">
          {t('reports.create')}
        </Link>
      }
    >
      {reports === undefined ? (
        <p className="muted">{t('common.loading')}</p>
      ) : total === 0 ? (
        download.active ? (
          <FirstDownloadNotice download={download} />
        ) : (
          <div className="card card-muted">
            <p>{t('reports.empty')}</p>
          </div>
        )
      ) : (
        <>
          {/* Some reports are here, more may be on their way: the list is not all yet. */}
          <FirstDownloadNotice download={download} />
          <ReportCards
            reports={shown}
            unsynced={unsynced}
            viewer={user}
            label={t('pages.myReports')}
          />
          {pages > 1 && (
            <Pager
              page={current}
              lastPage={pages}
              total={total}
              onPage={setPage}
              label={t('pages.myReports')}
            />
          )}
        </>
      )}
    </Page>
  );
}
