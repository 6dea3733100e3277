import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.js';
import { toast } from '../../../client/toast.js';
import { roleText } from '../../../lib/role-text.js';
import { useAssignableStaff } from '../data/job-queries.js';
import { assignReports, type JobUser } from '../data/job-writes.js';
import '../job-i18n.js';
import './jobs.css';

/** Stands for "nobody" in the select: back to the admin's queue. */
const QUEUE = 'queue';

/**
 * Gives the selected reports to one person (or back to the queue) at once: one report.set_job
 * each, queued together through the outbox, so it works offline like every other change and
 * the reports show their new assignee at once. Shown while something is selected.
 */
export function BulkAssignBar({
  user,
  selected,
  onDone,
  onClear,
}: {
  user: JobUser;
  selected: readonly string[];
  /** After the assignment was queued (the selection is cleared by the caller). */
  onDone: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const staff = useAssignableStaff();
  const [assignee, setAssignee] = useState('');
  const [saving, setSaving] = useState(false);
  if (selected.length === 0) return null;

  const assign = async () => {
    if (assignee === '' || saving) return;
    setSaving(true);
    try {
      const outcome = await assignReports(user, selected, assignee === QUEUE ? null : assignee);
      if (outcome === null) return;
      if (outcome.queued > 0) toast.success(t('jobs.bulkQueued', { count: outcome.queued }));
      else if (outcome.missing === 0) toast.info(t('jobs.bulkNothing'));
      if (outcome.missing > 0) toast.info(t('jobs.bulkMissing', { count: outcome.missing }));
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="jb-bulk" role="region" aria-label={t('jobs.bulk')} data-testid="bulk-assign">
      <p className="jb-bulk-count">{t('jobs.bulkSelected', { count: selected.length })}</p>
      <SelectField
        id={`${id}-assignee`}
        label={t('jobs.bulkAssignTo')}
        value={assignee}
        onChange={setAssignee}
        options={[
          { value: QUEUE, label: t('jobs.unassigned') },
          ...(staff ?? []).map((person) => ({
            value: person.id,
            label: `${person.name} · ${roleText(person.role)}`,
          })),
        ]}
      >
        <option value="">{t('jobs.chooseAssignee')}</option>
      </SelectField>
      <div className="jb-bulk-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={assignee === '' || saving}
          onClick={() => void assign()}
        >
          {t('jobs.bulkAssign', { count: selected.length })}
        </button>
        <button type="button" className="button button-secondary" onClick={onClear}>
          {t('jobs.bulkClear')}
        </button>
      </div>
    </div>
  );
}
