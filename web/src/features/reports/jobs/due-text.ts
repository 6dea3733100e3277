import type { TFunction } from 'i18next';
import type { Report } from '@urs/sync-protocol';
import { formatDue, formatDueTime } from '../../../lib/format.js';

/**
 * When a job is due, in words: "Tanpa tenggat", "Hari ini, 15.00" for a job of today's section,
 * else "Tenggat: 3 Des 2026, 09.30". The day and time are the school's, as stored.
 */
export function dueText(
  job: Pick<Report, 'due_date' | 'due_time'>,
  section: 'overdue' | 'today' | 'upcoming' | 'none',
  t: TFunction,
  language: string,
): string {
  if (job.due_date === null) return t('jobs.noDue');
  if (section === 'today') {
    return job.due_time === null
      ? t('tasks.dueEndOfToday')
      : t('tasks.dueToday', { time: formatDueTime(job.due_time, language) });
  }
  return `${t('jobs.due')}: ${formatDue(job.due_date, job.due_time, language)}`;
}
