import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dueInstant, type Report } from '@urs/sync-protocol';
import { useReportCardFacts } from '../data/report-queries.js';
import type { TaskBoard } from '../data/job-queries.js';
import { ReportStatusHead } from '../report-status-head.js';
import { OverdueBadge, PriorityBadge } from './job-badges.js';
import { dueText } from './due-text.js';
import type { RoundTask } from '../rounds/round-board.js';
import { RoundCard } from '../rounds/round-card.js';
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

/** Rounds beside the jobs of a section (`/tasks`, decision 030), in the school's offset. */
export interface SectionRounds {
  tasks: readonly RoundTask[];
  offsetMinutes: number;
  areaNames: ReadonlyMap<string, string> | undefined;
}

type Entry = { kind: 'job'; job: Report } | { kind: 'round'; task: RoundTask };

/** Jobs and rounds in one list by due instant; each list is already in its own order. */
export function mergeByDue(
  jobs: readonly Report[],
  rounds: readonly RoundTask[],
  offsetMinutes: number,
): Entry[] {
  const out: Entry[] = [];
  let j = 0;
  let r = 0;
  while (j < jobs.length || r < rounds.length) {
    const job = jobs[j];
    const round = rounds[r];
    const jobDue =
      job === undefined
        ? Infinity
        : (dueInstant(job.due_date, job.due_time, offsetMinutes) ?? Infinity);
    if (round !== undefined && (job === undefined || round.dueMs < jobDue)) {
      out.push({ kind: 'round', task: round });
      r += 1;
    } else if (job !== undefined) {
      out.push({ kind: 'job', job });
      j += 1;
    }
  }
  return out;
}

/**
 * One section of jobs (overdue, today, upcoming) as cards, most pressing first, drawn twenty at
 * a time: a list of hundreds costs the same few nodes until more are asked for. On `/tasks` the
 * user's rounds of the section are among them, by due time.
 */
export function TaskSection({
  section,
  jobs,
  unsynced,
  selection,
  assigneeOf,
  rounds,
}: {
  section: TaskSectionName;
  jobs: readonly Report[];
  unsynced: ReadonlySet<string>;
  rounds?: SectionRounds | undefined;
  selection?: TaskSelection | undefined;
  /** The assignee's name on each card (the admin's board); absent on one's own tasks. */
  assigneeOf?: ((job: Report) => string) | undefined;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(TASKS_SHOWN);
  const entries =
    rounds === undefined
      ? jobs.map((job): Entry => ({ kind: 'job', job }))
      : mergeByDue(jobs, rounds.tasks, rounds.offsetMinutes);
  const visibleEntries = entries.slice(0, shown);
  const visible = visibleEntries.flatMap((entry) => (entry.kind === 'job' ? [entry.job] : []));
  const facts = useReportCardFacts(visible);
  const titleId = `tk-${section}`;
  const rest = entries.length - visibleEntries.length;
  return (
    <section
      className={`tk-section tk-section-${section}`}
      aria-labelledby={titleId}
      data-section={section}
    >
      <h2 id={titleId} className="tk-section-title">
        {t(`tasks.${section}`)}
        <span className="tk-count" data-testid={`count-${section}`}>
          {entries.length}
        </span>
      </h2>
      {entries.length === 0 ? (
        <p className="muted">{t('tasks.sectionEmpty')}</p>
      ) : (
        <ul className="tk-list">
          {visibleEntries.map((entry) =>
            entry.kind === 'round' ? (
              <li key={entry.task.occurrenceId}>
                <RoundCard task={entry.task} section={section} areaNames={rounds?.areaNames} />
              </li>
            ) : (
              <JobItem
                key={entry.job.id}
                job={entry.job}
                section={section}
                selection={selection}
                area={facts?.get(entry.job.id)?.area}
                assignee={assigneeOf?.(entry.job)}
                unsynced={unsynced.has(entry.job.id)}
              />
            ),
          )}
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

function JobItem({
  job,
  section,
  selection,
  area,
  assignee,
  unsynced,
}: {
  job: Report;
  section: TaskSectionName;
  selection: TaskSelection | undefined;
  area: string | undefined;
  assignee: string | undefined;
  unsynced: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li data-report-id={job.id} className={selection === undefined ? undefined : 'tk-pickable'}>
      {selection !== undefined && (
        <input
          type="checkbox"
          className="jb-select"
          checked={selection.selected.has(job.id)}
          aria-label={t('jobs.selectReport', { name: area ?? job.description })}
          onChange={(event) => selection.onSelect(job.id, event.target.checked)}
        />
      )}
      <TaskCard job={job} section={section} area={area} assignee={assignee} unsynced={unsynced} />
    </li>
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
