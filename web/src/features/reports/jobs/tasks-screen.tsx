import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '@urs/sync-protocol';
import { Page } from '../../../components/ui/page.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { useReportCardFacts, useUnsyncedReportIds } from '../data/report-queries.js';
import { useTaskBoard, type TaskBoard } from '../data/job-queries.js';
import { ReportStatusHead } from '../report-status-head.js';
import { OverdueBadge, PriorityBadge } from './job-badges.js';
import { dueText } from './due-text.js';
import '../job-i18n.js';
import '../reports.css';
import './jobs.css';

/** How many cards a section shows at first, and how many more each "show more" adds. */
export const TASKS_SHOWN = 20;

type Section = keyof TaskBoard;
const SECTIONS: readonly Section[] = ['overdue', 'today', 'upcoming'];

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

  const total = board === undefined ? 0 : SECTIONS.reduce((n, s) => n + board[s].length, 0);
  return (
    <Page title={t('pages.tasks')}>
      {board === undefined ? (
        <p className="muted">{t('common.loading')}</p>
      ) : total === 0 ? (
        <div className="card card-muted" data-testid="tasks-empty">
          <p>{t('tasks.empty')}</p>
        </div>
      ) : (
        <div className="tk-board">
          {SECTIONS.map((section) => (
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

function TaskSection({
  section,
  jobs,
  unsynced,
}: {
  section: Section;
  jobs: readonly Report[];
  unsynced: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(TASKS_SHOWN);
  const visible = jobs.slice(0, shown);
  const facts = useReportCardFacts(visible);
  const titleId = `tk-${section}`;
  const rest = jobs.length - visible.length;
  return (
    <section
      className={`tk-section tk-section-${section}`}
      aria-labelledby={titleId}
      data-section={section}
    >
      <h2 id={titleId} className="tk-section-title">
        {t(`tasks.${section}`)}
        <span className="tk-count" data-testid={`count-${section}`}>
          {jobs.length}
        </span>
      </h2>
      {jobs.length === 0 ? (
        <p className="muted">{t('tasks.sectionEmpty')}</p>
      ) : (
        <ul className="tk-list">
          {visible.map((job) => (
            <li key={job.id} data-report-id={job.id}>
              <TaskCard
                job={job}
                section={section}
                area={facts?.get(job.id)?.area}
                unsynced={unsynced.has(job.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {rest > 0 && (
        <button
          type="button"
          className="button button-secondary tk-more"
          onClick={() => setShown((n) => n + TASKS_SHOWN)}
        >
          {t('tasks.showMore', { count: Math.min(rest, TASKS_SHOWN) })}
        </button>
      )}
    </section>
  );
}

function TaskCard({
  job,
  section,
  area,
  unsynced,
}: {
  job: Report;
  section: Section;
  area: string | undefined;
  unsynced: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Link to="/reports/$id" params={{ id: job.id }} className="card tk-card">
      <ReportStatusHead status={job.status} unsynced={unsynced}>
        <PriorityBadge priority={job.priority} />
        {section === 'overdue' && <OverdueBadge />}
      </ReportStatusHead>
      <span className="tk-area">{area ?? t('reports.unknownArea')}</span>
      <span className="tk-description">{job.description}</span>
      <span className={section === 'overdue' ? 'tk-due tk-due-overdue' : 'tk-due'}>
        {dueText(job, section, t, i18n.language)}
      </span>
    </Link>
  );
}
