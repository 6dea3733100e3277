import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsSnapshot, PersonJobFigures } from '@urs/sync-protocol';
import { StatGrid } from '../../components/ui/stat-grid.js';
import { roleText } from '../../lib/role-text.js';
import { formatDuration } from './analytics-duration.js';

/** People shown before "show all": the most overdue, which is what the admin acts on. */
const FIRST_PEOPLE = 10;

/**
 * Jobs (issue 40): open and overdue work now and, over 30 days, completions, the on-time rate
 * and the median time to complete; overall, then per person, the most overdue first.
 */
export function JobsSection({
  jobs,
  num,
}: {
  jobs: AnalyticsSnapshot['jobs'];
  num: (value: number) => string;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const none = t('analytics.noFigure');
  const rate = (value: number | null) => (value === null ? none : `${num(value)}%`);
  const median = (ms: number | null) =>
    ms === null
      ? none
      : formatDuration(ms, (key, values) => t(`analytics.duration.${key}`, values));
  const people = all ? jobs.per_person : jobs.per_person.slice(0, FIRST_PEOPLE);
  const hidden = jobs.per_person.length - FIRST_PEOPLE;

  return (
    <section className="card analytics-section" aria-labelledby="analytics-jobs">
      <h2 id="analytics-jobs">{t('analytics.jobs')}</h2>
      <p className="muted analytics-note">{t('analytics.jobsNote')}</p>
      <StatGrid
        testId="analytics-jobs-figures"
        stats={[
          { id: 'open', label: t('analytics.jobsOpen'), value: num(jobs.open) },
          {
            id: 'overdue',
            label: t('analytics.jobsOverdue'),
            value: num(jobs.overdue),
            ...(jobs.overdue > 0 && { tone: 'warning' as const }),
          },
          { id: 'unassigned', label: t('analytics.jobsUnassigned'), value: num(jobs.unassigned) },
          { id: 'completed', label: t('analytics.jobsCompleted'), value: num(jobs.completed_30d) },
          { id: 'on-time', label: t('analytics.jobsOnTime'), value: rate(jobs.on_time_rate) },
          {
            id: 'median',
            label: t('analytics.jobsMedian'),
            value: median(jobs.median_completion_ms),
          },
        ]}
      />
      {jobs.per_person.length === 0 ? (
        <p className="muted">{t('analytics.jobsNone')}</p>
      ) : (
        <div className="analytics-table-scroll">
          <table className="analytics-table stack-table" data-testid="analytics-jobs-people">
            <thead>
              <tr>
                <th scope="col">{t('analytics.jobsPerson')}</th>
                <th scope="col">{t('analytics.jobsOpen')}</th>
                <th scope="col">{t('analytics.jobsOverdue')}</th>
                <th scope="col">{t('analytics.jobsCompleted')}</th>
                <th scope="col">{t('analytics.jobsOnTime')}</th>
                <th scope="col">{t('analytics.jobsMedian')}</th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <PersonRow
                  key={person.id ?? ''}
                  person={person}
                  num={num}
                  rate={rate}
                  median={median}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hidden > 0 && (
        <button
          type="button"
          className="button button-small button-secondary analytics-more"
          aria-expanded={all}
          onClick={() => setAll(!all)}
        >
          {all
            ? t('analytics.jobsShowFewer')
            : t('analytics.jobsShowAll', { count: jobs.per_person.length })}
        </button>
      )}
    </section>
  );
}

function PersonRow({
  person,
  num,
  rate,
  median,
}: {
  person: PersonJobFigures;
  num: (value: number) => string;
  rate: (value: number | null) => string;
  median: (ms: number | null) => string;
}) {
  const { t } = useTranslation();
  const name =
    person.id === null
      ? t('analytics.jobsUnassigned')
      : (person.name ?? t('analytics.jobsUnknown'));
  return (
    <tr data-person-id={person.id ?? 'unassigned'}>
      <th scope="row">
        {name}
        {person.role !== null && <div className="muted">{roleText(person.role)}</div>}
      </th>
      <td data-label={t('analytics.jobsOpen')}>{num(person.open)}</td>
      <td
        data-label={t('analytics.jobsOverdue')}
        className={person.overdue > 0 ? 'analytics-overdue' : undefined}
      >
        {num(person.overdue)}
      </td>
      <td data-label={t('analytics.jobsCompleted')}>{num(person.completed_30d)}</td>
      <td
        data-label={t('analytics.jobsOnTime')}
        title={
          person.with_due_30d === 0
            ? undefined
            : t('analytics.jobsOnTimeOf', {
                onTime: num(person.on_time_30d),
                withDue: num(person.with_due_30d),
              })
        }
      >
        {rate(person.on_time_rate)}
      </td>
      <td data-label={t('analytics.jobsMedian')}>{median(person.median_completion_ms)}</td>
    </tr>
  );
}
