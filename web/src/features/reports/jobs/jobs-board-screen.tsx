import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_PRIORITIES, type Report } from '@urs/sync-protocol';
import { Page } from '../../../components/ui/page.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { CheckField } from '../../../components/ui/check-field.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { roleText } from '../../../lib/role-text.js';
import { useUnsyncedReportIds } from '../data/report-queries.js';
import { useAssignableStaff, useJobsBoard } from '../data/job-queries.js';
import { priorityKey } from '../job-i18n.js';
import { BulkAssignBar } from './bulk-assign.js';
import { filtersOf, QUEUE_FILTER, searchOfFilters, type JobsFilters } from './jobs-search.js';
import { TASK_SECTIONS, TaskSection } from './task-list.js';
import '../reports.css';
import './jobs.css';

const route = getRouteApi('/_shell/jobs');

/**
 * The admin's board of the school's open jobs, from the device (an admin's holds every report),
 * so it filters at once and works offline: by assignee (the unassigned queue among them), by
 * priority, overdue only. Cards are picked for a bulk assignment, queued through the outbox.
 */
export function JobsBoardScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const filters = filtersOf(route.useSearch());
  const setFilters = (next: JobsFilters) =>
    void navigate({ to: '/jobs', search: searchOfFilters(next), replace: true });
  const board = useJobsBoard(
    {
      assignee: filters.assignee === QUEUE_FILTER ? null : filters.assignee,
      priority: filters.priority,
      overdueOnly: filters.overdue,
    },
    user?.role === 'admin',
  );
  const unsynced = useUnsyncedReportIds(user?.id ?? null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  if (user === null) return null;
  const shown =
    board === undefined ? 0 : TASK_SECTIONS.reduce((n, s) => n + board.board[s].length, 0);
  const select = (id: string, picked: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (picked) next.add(id);
      else next.delete(id);
      return next;
    });
  const assigneeOf = (job: Report) =>
    job.assignee_id === null
      ? t('jobs.unassigned')
      : (board?.names.get(job.assignee_id) ?? t('reports.unknownUser'));

  return (
    <Page title={t('pages.jobs')}>
      <JobsFilterBar filters={filters} onChange={setFilters} />
      {board !== undefined && (
        <p className="muted" data-testid="jobs-shown">
          {t('jobs.boardShown', { count: shown, total: board.total })}
        </p>
      )}
      <BulkAssignBar
        user={user}
        selected={[...selected]}
        onDone={() => setSelected(new Set())}
        onClear={() => setSelected(new Set())}
      />
      {board === undefined ? (
        <p className="muted">{t('common.loading')}</p>
      ) : shown === 0 ? (
        <div className="card card-muted">
          <p>{t('jobs.boardEmpty')}</p>
        </div>
      ) : (
        <div className="tk-board">
          {TASK_SECTIONS.map((section) => (
            <TaskSection
              key={section}
              section={section}
              jobs={board.board[section]}
              unsynced={unsynced}
              selection={{ selected, onSelect: select }}
              assigneeOf={assigneeOf}
            />
          ))}
        </div>
      )}
    </Page>
  );
}

function JobsFilterBar({
  filters,
  onChange,
}: {
  filters: JobsFilters;
  onChange: (next: JobsFilters) => void;
}) {
  const { t } = useTranslation();
  const staff = useAssignableStaff();
  return (
    <div className="card jb-filters" role="search" aria-label={t('jobs.filters')}>
      <SelectField
        label={t('jobs.assignee')}
        value={filters.assignee ?? ''}
        onChange={(value) => onChange({ ...filters, assignee: value === '' ? undefined : value })}
        options={[
          { value: QUEUE_FILTER, label: t('jobs.unassigned') },
          ...(staff ?? []).map((person) => ({
            value: person.id,
            label: `${person.name} · ${roleText(person.role)}`,
          })),
        ]}
      >
        <option value="">{t('jobs.allAssignees')}</option>
      </SelectField>
      <SelectField
        label={t('jobs.priority')}
        value={filters.priority ?? ''}
        onChange={(value) =>
          onChange({
            ...filters,
            priority: JOB_PRIORITIES.find((priority) => priority === value),
          })
        }
        options={JOB_PRIORITIES.map((priority) => ({
          value: priority,
          label: t(priorityKey(priority)),
        }))}
      >
        <option value="">{t('jobs.allPriorities')}</option>
      </SelectField>
      <CheckField
        className="jb-filter-check"
        label={t('jobs.overdueOnly')}
        checked={filters.overdue}
        onChange={(overdue) => onChange({ ...filters, overdue })}
      />
    </div>
  );
}
