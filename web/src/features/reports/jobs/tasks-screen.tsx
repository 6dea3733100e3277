import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.js';
import { FirstDownloadNotice } from '../../../components/ui/first-download.js';
import { useFirstDownload } from '../../../sync/index.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { useUnsyncedReportIds } from '../data/report-queries.js';
import { useTaskBoard } from '../data/job-queries.js';
import { TASK_SECTIONS, TaskSection } from './task-list.js';
import '../job-i18n.js';
import '../reports.css';
import './jobs.css';

/**
 * "Tugas saya": the signed-in user's open jobs from the device (so offline too), overdue first,
 * then today's, then the rest. A card is one tap to the report. A section draws its first
 * cards only: a technician with hundreds of jobs gets the same few dozen nodes.
 */
export function TasksScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const board = useTaskBoard(userId);
  const unsynced = useUnsyncedReportIds(userId);
  const download = useFirstDownload(userId);

  const total = board === undefined ? 0 : TASK_SECTIONS.reduce((n, s) => n + board[s].length, 0);
  return (
    <Page title={t('pages.tasks')}>
      {board === undefined ? (
        <p className="muted">{t('common.loading')}</p>
      ) : total === 0 ? (
        download.active ? (
          <FirstDownloadNotice download={download} />
        ) : (
          <div className="card card-muted" data-testid="tasks-empty">
            <p>{t('tasks.empty')}</p>
          </div>
        )
      ) : (
        <div className="tk-board">
          <FirstDownloadNotice download={download} />
          {TASK_SECTIONS.map((section) => (
            <TaskSection
              key={section}
              section={section}
              jobs={board[section]}
              unsynced={unsynced}
            />
          ))}
        </div>
      )}
    </Page>
  );
}
