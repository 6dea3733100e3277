import { useTranslation } from 'react-i18next';
import type { JobPriority } from '@urs/sync-protocol';
import { priorityKey } from '../job-i18n.js';

/** A job's priority as a badge; normal, what most jobs are, says nothing unless asked to. */
export function PriorityBadge({
  priority,
  showNormal = false,
}: {
  priority: JobPriority;
  showNormal?: boolean;
}) {
  const { t } = useTranslation();
  if (priority === 'normal' && !showNormal) return null;
  return (
    <span className={`jb-badge jb-priority-${priority}`} data-priority={priority}>
      {t(priorityKey(priority))}
    </span>
  );
}

/** "Terlambat": due passed, neither completed nor cancelled (the contract's isOverdue). */
export function OverdueBadge() {
  const { t } = useTranslation();
  return (
    <span className="jb-badge jb-overdue" data-testid="overdue">
      {t('jobs.overdue')}
    </span>
  );
}
