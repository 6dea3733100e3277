import {
  JOB_PRIORITIES,
  REPORT_STATUSES,
  UNASSIGNED,
  type ReportFilters,
} from '@urs/sync-protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField } from '../../../components/ui/check-field.js';
import { RoleOptions } from '../../../components/ui/role-options.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { TextField } from '../../../components/ui/text-field.js';
import { useAreasByName } from '../data/area-queries.js';
import { usePeopleByName } from '../data/user-queries.js';
import { stringifySearch } from '../../../lib/search-params.js';
import { statusKey } from '../report-i18n.js';
import {
  isBackwardRange,
  withoutFilter,
  type FILTER_KEYS,
  type ReportListState,
} from './report-list-logic.js';
import { listStateOf, reportListSearchSchema, searchOfState } from './report-list-search.js';
import { priorityKey } from '../job-i18n.js';

/** The form's editable copy of the filters: every field a string ('' = no filter). */
type Draft = Record<(typeof FILTER_KEYS)[number], string>;

const toDraft = (filters: ReportFilters): Draft => ({
  role: filters.role ?? '',
  status: filters.status ?? '',
  area_id: filters.area_id ?? '',
  reporter_id: filters.reporter_id ?? '',
  assignee_id: filters.assignee_id ?? '',
  priority: filters.priority ?? '',
  overdue: filters.overdue === true ? 'true' : '',
  date_from: filters.date_from ?? '',
  date_to: filters.date_to ?? '',
  q: filters.q ?? '',
});

interface FiltersProps {
  state: ReportListState;
  onChange: (next: ReportListState) => void;
  /** The chosen reporter's name for the chip, or undefined when none is chosen. */
  reporterName: string | undefined;
}

/** The filter form: edits a draft, applies it to the URL on submit; a new URL refills it. */
export function ReportListFilters({ state, onChange, reporterName }: FiltersProps) {
  const { t } = useTranslation();
  const key = stringifySearch(searchOfState(state));
  const [draft, setDraft] = useState<Draft>(() => toDraft(state.filters));
  // A new URL (apply, reset, back button, explorer click) refills the form from it.
  const [draftFor, setDraftFor] = useState(key);
  // Set by Terapkan on a range that runs backwards; cleared when either date changes.
  const [rangeError, setRangeError] = useState(false);
  if (draftFor !== key) {
    setDraftFor(key);
    setDraft(toDraft(state.filters));
    setRangeError(false);
  }

  const areas = useAreasByName();
  const people = usePeopleByName();
  const [areaSearch, setAreaSearch] = useState('');
  const shownAreas = (areas ?? []).filter(
    (area) =>
      area.id === draft.area_id ||
      area.name.toLowerCase().includes(areaSearch.trim().toLowerCase()),
  );

  const apply = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    // The URL would quietly drop a backward range's end; the form says so instead.
    if (isBackwardRange(draft.date_from, draft.date_to)) {
      setRangeError(true);
      document.getElementById('report-list-date_to')?.focus();
      return;
    }
    const next = listStateOf(reportListSearchSchema.parse(draft));
    onChange({ ...state, filters: next.filters, page: 1 });
  };
  const reset = () => {
    setAreaSearch('');
    setRangeError(false);
    // With nothing applied the URL stays the same, so the typed values are cleared here.
    setDraft(toDraft({}));
    onChange({ ...state, filters: {}, page: 1 });
  };
  const removeReporter = () => {
    onChange({ ...state, filters: withoutFilter(state.filters, 'reporter_id'), page: 1 });
  };

  const field = (name: keyof Draft) => ({
    id: `report-list-${name}`,
    value: draft[name],
    onChange: (value: string) => {
      if (name === 'date_from' || name === 'date_to') setRangeError(false);
      setDraft((d) => ({ ...d, [name]: value }));
    },
  });
  const textField = (name: keyof Draft) => {
    const { onChange: change, ...rest } = field(name);
    return {
      ...rest,
      onChange: (event: { target: { value: string } }) => change(event.target.value),
    };
  };

  return (
    <form
      className="card admin-panel report-list-filters"
      aria-label={t('reportList.filters')}
      onSubmit={apply}
      noValidate
    >
      <div className="report-list-grid">
        <SelectField label={t('reportList.role')} {...field('role')}>
          <RoleOptions allLabel={t('reportList.allRoles')} />
        </SelectField>
        <SelectField
          label={t('reportList.status')}
          {...field('status')}
          options={REPORT_STATUSES.map((status) => ({
            value: status,
            label: t(statusKey(status)),
          }))}
        >
          <option value="">{t('reportList.allStatuses')}</option>
        </SelectField>
        <TextField
          id="report-list-area-search"
          label={t('reportList.areaSearch')}
          type="search"
          value={areaSearch}
          onChange={(event) => setAreaSearch(event.target.value)}
        />
        <SelectField
          label={t('reportList.area')}
          {...field('area_id')}
          options={shownAreas.map((area) => ({ value: area.id, label: area.name }))}
        >
          <option value="">{t('reportList.allAreas')}</option>
        </SelectField>
        <SelectField
          label={t('reportList.assignee')}
          {...field('assignee_id')}
          options={(people ?? []).map((person) => ({ value: person.id, label: person.name }))}
        >
          <option value="">{t('reportList.allAssignees')}</option>
          <option value={UNASSIGNED}>{t('reportList.unassigned')}</option>
          {/* A link to someone this device does not hold: still shown, by id, as chosen. */}
          {draft.assignee_id !== '' &&
            draft.assignee_id !== UNASSIGNED &&
            people !== undefined &&
            !people.some((person) => person.id === draft.assignee_id) && (
              <option value={draft.assignee_id}>{draft.assignee_id}</option>
            )}
        </SelectField>
        <SelectField
          label={t('reportList.priority')}
          {...field('priority')}
          options={JOB_PRIORITIES.map((priority) => ({
            value: priority,
            label: t(priorityKey(priority)),
          }))}
        >
          <option value="">{t('reportList.allPriorities')}</option>
        </SelectField>
        <CheckField
          className="report-list-overdue"
          label={t('reportList.overdueOnly')}
          checked={draft.overdue === 'true'}
          onChange={(on) => setDraft((d) => ({ ...d, overdue: on ? 'true' : '' }))}
        />
        <TextField label={t('reportList.dateFrom')} type="date" {...textField('date_from')} />
        <TextField
          label={t('reportList.dateTo')}
          type="date"
          errors={rangeError ? [t('reportList.dateRangeBackward')] : undefined}
          {...textField('date_to')}
        />
        <TextField
          label={t('reportList.search')}
          className="report-list-q"
          type="search"
          placeholder={t('reportList.searchPlaceholder')}
          {...textField('q')}
        />
      </div>
      <div className="report-list-buttons">
        {reporterName !== undefined && (
          <span className="report-list-chip" data-testid="reporter-chip">
            {t('reportList.reporterChip', { name: reporterName })}
            <button
              type="button"
              className="report-list-chip-remove"
              aria-label={t('reportList.removeFilter', { name: reporterName })}
              onClick={removeReporter}
            >
              ×
            </button>
          </span>
        )}
        <span className="report-list-spacer" />
        <button type="button" className="button button-secondary" onClick={reset}>
          {t('reportList.reset')}
        </button>
        <button type="submit" className="button button-primary">
          {t('reportList.apply')}
        </button>
      </div>
    </form>
  );
}
