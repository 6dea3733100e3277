import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDay, formatDueTime } from '../../../lib/format.js';
import type { RoundTask } from './round-board.js';
import './round-i18n.js';
import './rounds.css';

/**
 * A round on `/tasks`: what, where, when it is due, how many items; one tap opens its
 * checklist (or what was answered, once done).
 */
export function RoundCard({
  task,
  section,
  areaNames,
}: {
  task: RoundTask;
  section: 'overdue' | 'today' | 'upcoming' | 'done';
  areaNames: ReadonlyMap<string, string> | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { template } = task;
  const areas = template.area_ids.map((id) => areaNames?.get(id) ?? '').filter((n) => n !== '');
  const when =
    template.due_time === null
      ? t('rounds.dueEnd')
      : t('rounds.dueAt', { time: formatDueTime(template.due_time, i18n.language) });
  return (
    <Link
      to="/tasks/rounds/$templateId/$date"
      params={{ templateId: template.id, date: task.date }}
      className={
        section === 'done'
          ? 'card tk-card tk-card-round tk-round-done'
          : 'card tk-card tk-card-round'
      }
      data-round={task.occurrenceId}
    >
      <span className="tk-badges">
        <span className="jb-badge">{t('rounds.badge')}</span>
        {section === 'overdue' && <span className="jb-badge jb-overdue">{t('jobs.overdue')}</span>}
        {section === 'done' && <span className="jb-badge rd-badge-done">{t('rounds.done')}</span>}
      </span>
      <span className="tk-area">{areas.join(', ') || t('reports.unknownArea')}</span>
      <span className="tk-description">{template.title}</span>
      <span className="muted">{t('rounds.items', { count: template.items.length })}</span>
      <span className={section === 'overdue' ? 'tk-due tk-due-overdue' : 'tk-due'}>
        {section === 'today' || section === 'done'
          ? when
          : `${formatDay(task.date, i18n.language)} · ${when}`}
      </span>
    </Link>
  );
}
