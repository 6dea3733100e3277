import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_PRIORITIES, type JobPriority, type Report } from '@urs/sync-protocol';
import { SearchableSelect } from '../../../components/ui/searchable-select.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../client/toast.js';
import { roleText } from '../../../lib/role-text.js';
import { useAssignableStaff } from '../data/job-queries.js';
import { planJobChange, type JobUser } from '../data/job-writes.js';
import type { JobPlan } from '../data/job-plans.js';
import { priorityKey } from '../job-i18n.js';

/** The plan as the form holds it: '' for no assignee, no day, no time. */
interface PlanValues {
  assignee_id: string;
  priority: JobPriority;
  due_date: string;
  due_time: string;
}

const valuesOf = (report: Report): PlanValues => ({
  assignee_id: report.assignee_id ?? '',
  priority: report.priority,
  due_date: report.due_date ?? '',
  due_time: report.due_time ?? '',
});

/** The form's values as report.set_job's fields ('' is none). */
export function planOf(values: PlanValues): JobPlan {
  const day = values.due_date === '' ? null : values.due_date;
  return {
    assignee_id: values.assignee_id === '' ? null : values.assignee_id,
    priority: values.priority,
    due_date: day,
    due_time: day === null || values.due_time === '' ? null : values.due_time,
  };
}

/**
 * The admin's plan of a job: who does it (any staff member of the school, or nobody: back to
 * the queue), how urgent, by which day and, optionally, time. Saved as one report.set_job with
 * only what changed; it starts from the report as it now is, so a pull that changes the job
 * while the form is untouched shows at once.
 */
export function JobPlanForm({ report, user }: { report: Report; user: JobUser }) {
  const current = valuesOf(report);
  // Keyed by the job's plan: a change from elsewhere starts the form over from it.
  return <PlanForm key={JSON.stringify(current)} report={report} user={user} initial={current} />;
}

function PlanForm({
  report,
  user,
  initial,
}: {
  report: Report;
  user: JobUser;
  initial: PlanValues;
}) {
  const { t } = useTranslation();
  const id = useId();
  const staff = useAssignableStaff();
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof PlanValues>(key: K, value: PlanValues[K]) =>
    setValues((now) => ({ ...now, [key]: value }));
  const changed = JSON.stringify(values) !== JSON.stringify(initial);

  const options = (staff ?? []).map((person) => ({
    id: person.id,
    label: `${person.name} · ${roleText(person.role)}`,
    keywords: person.name,
  }));
  // Whoever holds it now stays a choice even when they are not staff (an admin's own report).
  if (report.assignee_id !== null && !options.some((option) => option.id === report.assignee_id)) {
    options.unshift({ id: report.assignee_id, label: t('reports.unknownUser'), keywords: '' });
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      if (await planJobChange(user, report, planOf(values))) toast.success(t('jobs.planSaved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="jb-plan no-print" noValidate onSubmit={(event) => void submit(event)}>
      <h3 className="jb-plan-title">{t('jobs.plan')}</h3>
      <SearchableSelect
        id={`${id}-assignee`}
        label={t('jobs.assignee')}
        searchLabel={t('jobs.searchAssignee')}
        options={options}
        value={values.assignee_id}
        onChange={(value) => set('assignee_id', value)}
        placeholder={t('jobs.unassigned')}
        noMatch={t('jobs.noAssignee')}
        dataField="assignee_id"
      />
      <div className="rp-grid">
        <SelectField
          id={`${id}-priority`}
          label={t('jobs.priority')}
          value={values.priority}
          options={JOB_PRIORITIES.map((priority) => ({
            value: priority,
            label: t(priorityKey(priority)),
          }))}
          onChange={(value) => {
            const next = JOB_PRIORITIES.find((priority) => priority === value);
            if (next !== undefined) set('priority', next);
          }}
        />
        <TextField
          id={`${id}-due-date`}
          type="date"
          label={t('jobs.dueDate')}
          value={values.due_date}
          onChange={(event) => set('due_date', event.target.value)}
        />
        <TextField
          id={`${id}-due-time`}
          type="time"
          label={t('jobs.dueTime')}
          hint={t('jobs.dueTimeHint')}
          value={values.due_time}
          disabled={values.due_date === ''}
          onChange={(event) => set('due_time', event.target.value)}
        />
      </div>
      <div className="rp-actions">
        <button type="submit" className="button button-primary" disabled={!changed || saving}>
          {t('jobs.planSave')}
        </button>
      </div>
    </form>
  );
}
