import type { TFunction } from 'i18next';
import {
  JOB_PRIORITIES,
  REPORT_STATUSES,
  type JobPriority,
  type ReportEvent,
  type ReportStatus,
} from '@urs/sync-protocol';
import { formatDue } from '../../../lib/format.js';
import { priorityKey } from '../job-i18n.js';

const isPriority = (value: string): value is JobPriority =>
  JOB_PRIORITIES.some((priority) => priority === value);
const isStatus = (value: string | null): value is ReportStatus =>
  REPORT_STATUSES.some((status) => status === value);

/**
 * What one timeline event says, in plain words: one sentence per thing it changed, each naming
 * who did it ("Rahmat menugaskan ke Bambang", "Bambang menyelesaikan pekerjaan"). `names` maps
 * user ids to names; someone this device does not know is "Seseorang".
 */
export function eventSentences(
  event: ReportEvent,
  names: ReadonlyMap<string, string>,
  t: TFunction,
  language: string,
): string[] {
  const actor = names.get(event.actor_id) ?? t('jobs.someone');
  const person = (id: string | null) =>
    id === null ? t('jobs.nobody') : (names.get(id) ?? t('jobs.someone'));
  switch (event.kind) {
    case 'comment':
      return [t('jobs.events.commented', { actor })];
    case 'hand_back':
      return [t('jobs.events.handBack', { actor })];
    case 'status':
    case 'job':
      break;
  }
  const { changes } = event;
  const sentences: string[] = [];
  const assignee = changes.assignee_id;
  if (assignee !== undefined) {
    const [from, to] = assignee;
    if (to === null) sentences.push(t('jobs.events.unassigned', { actor, from: person(from) }));
    else if (from === null) sentences.push(t('jobs.events.assigned', { actor, to: person(to) }));
    else sentences.push(t('jobs.events.reassigned', { actor, from: person(from), to: person(to) }));
  }
  const priority = changes.priority?.[1];
  if (priority !== undefined && priority !== null && isPriority(priority)) {
    sentences.push(t('jobs.events.priority', { actor, to: t(priorityKey(priority)) }));
  }
  if (changes.due_date !== undefined || changes.due_time !== undefined) {
    const day = changes.due_date?.[1] ?? null;
    const time = changes.due_time?.[1] ?? null;
    // Only the time moved: the day is the one the job already had, which the event does not say.
    if (changes.due_date === undefined) {
      sentences.push(t('jobs.events.due', { actor, to: time ?? t('jobs.noDue') }));
    } else if (day === null) {
      sentences.push(t('jobs.events.dueCleared', { actor }));
    } else {
      sentences.push(t('jobs.events.due', { actor, to: formatDue(day, time, language) }));
    }
  }
  const status = changes.status;
  if (status !== undefined) sentences.push(statusSentence(status, actor, t));
  return sentences;
}

function statusSentence(
  [from, to]: [string | null, string | null],
  actor: string,
  t: TFunction,
): string {
  if (!isStatus(to)) return t('jobs.events.status', { actor, to: to ?? '' });
  switch (to) {
    case 'in_progress':
      return from === 'pending' || from === null
        ? t('jobs.events.started', { actor })
        : t('jobs.events.reopened', { actor });
    case 'completed':
      return t('jobs.events.completed', { actor });
    case 'cancelled':
      return t('jobs.events.cancelled', { actor });
    case 'pending':
      return t('jobs.events.pending', { actor });
  }
}
