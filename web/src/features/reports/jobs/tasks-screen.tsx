import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.js';
import { FirstDownloadNotice } from '../../../components/ui/first-download.js';
import { useFirstDownload } from '../../../sync/index.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { useMinute } from '../../../lib/use-minute.js';
import { useUnsyncedReportIds } from '../data/report-queries.js';
import { useSchoolUtcOffset, useTaskBoard } from '../data/job-queries.js';
import { useAreaNames, useRoundBoard } from '../rounds/round-queries.js';
import { RoundCard } from '../rounds/round-card.js';
import { TASK_SECTIONS, TaskSection } from './task-list.js';
import '../job-i18n.js';
import '../rounds/round-i18n.js';
import '../reports.css';
import './jobs.css';

/**
 * "Tugas saya": the signed-in user's open jobs and today's rounds from the device (so offline
 * too), in one list per section by due time: overdue first, then today's, then the rest, and
 * the rounds done today last. A card is one tap to the report or the round. A section draws its
 * first cards only: a technician with hundreds of jobs gets the same few dozen nodes.
 */
export function TasksScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const board = useTaskBoard(userId);
  const rounds = useRoundBoard(user);
  const areaNames = useAreaNames();
  const unsynced = useUnsyncedReportIds(userId);
  const download = useFirstDownload(userId);
  const offset = useSchoolUtcOffset(useMinute());

  const loading = board === undefined || rounds === undefined;
  const total = loading
    ? 0
    : TASK_SECTIONS.reduce((n, s) => n + board[s].length + rounds[s].length, 0) +
      rounds.done.length;
  return (
    <Page title={t('pages.tasks')}>
      {loading ? (
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
              rounds={{ tasks: rounds[section], offsetMinutes: offset, areaNames }}
            />
          ))}
          {rounds.done.length > 0 && (
            <section className="tk-section" aria-labelledby="tk-done" data-section="done">
              <h2 id="tk-done" className="tk-section-title">
                {t('rounds.doneToday')}
                <span className="tk-count" data-testid="count-done">
                  {rounds.done.length}
                </span>
              </h2>
              <ul className="tk-list">
                {rounds.done.map((task) => (
                  <li key={task.occurrenceId}>
                    <RoundCard task={task} section="done" areaNames={areaNames} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </Page>
  );
}
