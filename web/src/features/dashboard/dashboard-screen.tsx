import { Link } from '@tanstack/react-router';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';
import { prepareDateTimeFormat } from '../../lib/format.js';
import { useCurrentUser } from '../../client/use-session.js';
import { STAFF_ROLES } from '@urs/sync-protocol';
import {
  ReportCards,
  useTaskCounts,
  useUnsyncedReportIds,
  useWorkPerPerson,
  useRoundsToday,
} from '../reports/index.js';
import { WorkPerPerson } from './work-per-person.js';
import { useDashboardSummary } from './dashboard-summary.js';
import { useToday } from './use-today.js';
import { StatGrid, type Stat } from '../../components/ui/stat-grid.js';
import { FirstDownloadNotice, StillArriving } from '../../components/ui/first-download.js';
import { IDLE_DOWNLOAD, useFirstDownloadState } from '../../sync/index.js';
import { useTakeSignedInFrame } from './signed-in-frame.js';
import './signed-in-frame.css';

/** Greeting, this week's numbers, quick actions by role and the last seven days' reports. */
export function DashboardScreen() {
  const { t, i18n } = useTranslation();
  useTakeSignedInFrame();
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const isAdmin = user?.role === 'admin';
  const today = useToday();
  const liveSummary = useDashboardSummary(userId, isAdmin, today);
  // The figures and report cards arrive after the first paint; deferred, React draws them as a
  // transition, in slices that give the main thread back, not in one task.
  const summary = useDeferredValue(liveSummary);
  const language = i18n.language;
  // The cards' dates need a formatter whose first build is long: built while the figures load.
  useEffect(() => {
    const timer = setTimeout(() => prepareDateTimeFormat(language), 0);
    return () => clearTimeout(timer);
  }, [language]);
  const unsynced = useUnsyncedReportIds(userId);
  const isStaff = STAFF_ROLES.some((role) => role === user?.role);
  const tasks = useTaskCounts(isStaff ? user : null);
  const work = useWorkPerPerson(isAdmin);
  // Counted from the device: while the first download runs they grow as rows arrive, so each
  // group says so in its heading. The groups are drawn once that is known, with their tags: a
  // tag arriving after its group wraps onto a line of its own on a phone and pushes the figures
  // down (dashboard-ahead.e2e.test.ts). The greeting, drawn ahead, does not wait.
  const downloadState = useFirstDownloadState(userId);
  const download = downloadState ?? IDLE_DOWNLOAD;
  const rounds = useRoundsToday(isAdmin);

  const stat = (id: string, value: number | undefined): Stat => ({
    id,
    label: t(`dashboard.${id}`),
    value: value ?? '–',
  });

  return (
    <Page title={t('pages.dashboard')}>
      <div className="db-grid">
        <div className="card">
          <p className="greeting">{t('dashboard.greeting', { name: user?.name ?? '' })}</p>
        </div>

        {downloadState !== undefined && (
          <>
            {isStaff && (
              <section
                className="card rp-section"
                aria-labelledby="db-tasks"
                data-testid="db-tasks"
              >
                <h2 id="db-tasks" className="rp-heading">
                  {t('dashboard.tasksTitle')}
                  <StillArriving download={download} />
                </h2>
                <StatGrid
                  stats={[
                    {
                      ...stat('tasksOverdue', tasks?.overdue),
                      ...(tasks !== undefined && tasks.overdue > 0 && { tone: 'warning' as const }),
                    },
                    stat('tasksToday', tasks?.today),
                    stat('tasksUpcoming', tasks?.upcoming),
                  ]}
                />
                <div className="db-actions">
                  <Link to="/tasks" className="button button-primary">
                    {t('dashboard.tasksOpen')}
                  </Link>
                </div>
              </section>
            )}

            {isAdmin && (
              <section
                className="card rp-section"
                aria-labelledby="db-rounds"
                data-testid="db-rounds"
              >
                <h2 id="db-rounds" className="rp-heading">
                  {t('dashboard.roundsTitle')}
                </h2>
                <StatGrid
                  stats={[stat('roundsDone', rounds?.done), stat('roundsDue', rounds?.due)]}
                />
                <div className="db-actions">
                  <Link to="/admin/rounds" className="button button-secondary">
                    {t('dashboard.roundsOpen')}
                  </Link>
                </div>
              </section>
            )}

            <section className="card rp-section" aria-labelledby="db-week">
              <h2 id="db-week" className="rp-heading">
                {t('dashboard.weekTitle')}
                <StillArriving download={download} />
              </h2>
              <StatGrid
                stats={[
                  stat('weekReports', summary?.week.total),
                  stat('weekPending', summary?.week.pending),
                  stat('weekCompleted', summary?.week.completed),
                ]}
              />
              <StatGrid
                stats={[
                  stat('totalReports', summary?.total),
                  stat('totalCompleted', summary?.completed),
                ]}
              />
            </section>

            <section className="card rp-section" aria-labelledby="db-actions">
              <h2 id="db-actions" className="rp-heading">
                {t('dashboard.quickActions')}
              </h2>
              <div className="db-actions">
                <Link to="/reports/create" className="button button-primary">
                  {t('dashboard.actions.create')}
                </Link>
                {!isAdmin && (
                  <Link to="/user/reports" className="button button-secondary">
                    {t('dashboard.actions.mine')}
                  </Link>
                )}
                {isAdmin && (
                  <>
                    <Link to="/reports" className="button button-secondary">
                      {t('dashboard.actions.manage')}
                    </Link>
                    <Link to="/analytics" className="button button-secondary">
                      {t('dashboard.actions.analytics')}
                    </Link>
                    <Link to="/admin/users" className="button button-secondary">
                      {t('dashboard.actions.users')}
                    </Link>
                  </>
                )}
              </div>
            </section>

            <section className="rp-section" aria-labelledby="db-latest">
              <h2 id="db-latest" className="rp-heading">
                {t('dashboard.latest')}
                <StillArriving download={download} />
              </h2>
              {summary !== undefined && summary !== null && summary.latest.length === 0 ? (
                download.active ? (
                  <FirstDownloadNotice download={download} />
                ) : (
                  <p className="muted">{t('dashboard.latestEmpty')}</p>
                )
              ) : (
                <ReportCards reports={summary?.latest ?? []} unsynced={unsynced} viewer={user} />
              )}
            </section>

            {/* Drawn once its figures are read, last, so its arrival moves nothing above it: a card
            arriving before the latest reports pushed them down on a desktop, where they are in
            view (dashboard-ahead.e2e.test.ts weighs those shifts). */}
            {isAdmin && work !== undefined && <WorkPerPerson work={work} download={download} />}
          </>
        )}
      </div>
    </Page>
  );
}
