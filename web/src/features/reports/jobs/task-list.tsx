import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '@urs/sync-protocol';
import { useReportCardFacts } from '../data/report-queries.js';
import type { TaskBoard } from '../data/job-queries.js';
import { ReportStatusHead } from '../report-status-head.js';
import { OverdueBadge, PriorityBadge } from './job-badges.js';
import { dueText } from './due-text.js';
import '../job-i18n.js';
import './jobs.css';

/** How many cards a section shows at first, and how many more each "show more" adds. */
export const TASKS_SHOWN = 20;

export type TaskSectionName = keyof TaskBoard;
export const TASK_SECTIONS: readonly TaskSectionName[] = ['overdue', 'today', 'upcoming'];

/** Picking cards for a bulk assignment (the admin's board). */
export interface TaskSelection {
  selected: ReadonlySet<string>;
  onSelect: (id: string, picked: boolean) => void;
}

/**
 * One section of jobs (overdue, today, upcoming) as cards, most pressing first, drawn twenty at
 * a time: a list of hundreds costs the same few nodes until more are asked for.
 */
export function TaskSection({
  section,
  jobs,
  unsynced,
  selection,
  assigneeOf,
}: {
  section: TaskSectionName;
  jobs: readonly Report[];
  unsynced: ReadonlySet<string>;
  selection?: TaskSelection | undefined;
  /** The assignee's name on each card (the admin's board); absent on one's own tasks. */
  assigneeOf?: ((job: Report) => string) | undefined;
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
            <li
              key={job.id}
              data-report-id={job.id}
              className={selection === undefined ? undefined : 'tk-pickable'}
            >
              {selection !== undefined && (
                <input
                  type="checkbox"
                  className="jb-select"
                  checked={selection.selected.has(job.id)}
                  aria-label={t('jobs.selectReport', {
                    name: facts?.get(job.id)?.area ?? job.description,
                  })}
                  onChange={(event) => selection.onSelect(job.id, event.target.checked)}
                />
              )}
              <TaskCard
                job={job}
                section={section}
                area={facts?.get(job.id)?.area}
                assignee={assigneeOf?.(job)}
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
  assignee,
  unsynced,
}: {
  job: Report;
  section: TaskSectionName;
  area: string | undefined;
  assignee?: string | undefined;
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
      {assignee !== undefined && (
        <span className="tk-assignee">
          {t('jobs.assignee')}: {assignee}
        </span>
      )}
      <span className={section === 'overdue' ? 'tk-due tk-due-overdue' : 'tk-due'}>
        {dueText(job, section, t, i18n.language)}
      </span>
    </Link>
  );
}
