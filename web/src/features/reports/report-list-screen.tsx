import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  REPORT_STATUSES,
  roleLabel,
  type ReportFilters,
  type ReportListRow,
  type Role,
} from '@urs/sync-protocol';
import { useEffect, useEffectEvent, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EmptyRow,
  formatDate,
  MetaPager,
  OfflineNotice,
  useOnline,
  useRemote,
} from '../../components/ui/admin-ui.js';
import { Page } from '../../components/ui/page.js';
import { db } from '../../db/index.js';
import { isNetworkFailure } from '../../lib/admin-kit.js';
import { serverMessage } from '../../lib/server-errors.js';
import { syncRuntime } from '../../lib/device-runtime.js';
import { toast } from '../../lib/toast.js';
import { useCurrentUser } from '../../lib/use-session.js';
import { statusKey } from './report-i18n.js';
import { downloadReportExport, listReportersByRole, listReports } from './report-list-api.js';
import {
  EXPORT_SCOPES,
  withoutFilter,
  searchFromState,
  stateFromSearch,
  truncate,
  type ExportScope,
  type FILTER_KEYS,
  type ReportListState,
} from './report-list-logic.js';
import { confirmAndDeleteReport } from './report-save.js';
import { RoleExplorer } from './role-explorer.js';
import './report-list-i18n.js';
import './report-list.css';
import './reports.css';
import { RoleOptions } from '../../components/ui/role-options.js';
import { SelectField } from '../../components/ui/select-field.js';
import { TextField } from '../../components/ui/text-field.js';

const isScope = (value: string): value is ExportScope =>
  EXPORT_SCOPES.some((scope) => scope === value);

/** The form's editable copy of the filters: every field a string ('' = no filter). */
type Draft = Record<(typeof FILTER_KEYS)[number], string>;

const toDraft = (filters: ReportFilters): Draft => ({
  role: filters.role ?? '',
  status: filters.status ?? '',
  area_id: filters.area_id ?? '',
  reporter_id: filters.reporter_id ?? '',
  date_from: filters.date_from ?? '',
  date_to: filters.date_to ?? '',
  q: filters.q ?? '',
});

/** The list state the URL holds; reading the raw query keeps reloads and shared links exact. */
function useListState(): [ReportListState, (next: ReportListState) => void] {
  const navigate = useNavigate();
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const state = useMemo(() => stateFromSearch(searchStr), [searchStr]);
  const set = (next: ReportListState) => {
    void navigate({ href: `/reports${searchFromState(next)}` });
  };
  return [state, set];
}

/** The admin's report list (online): URL filters, server paging, export, role explorer. */
export function ReportListScreen() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const user = useCurrentUser();
  const [state, setState] = useListState();
  const key = searchFromState(state);
  const list = useRemote(`list${key}`, () => listReports(state));
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const offline = t('admin.offline');
  /** A failure toast: the catalogue title (§8), the cause (offline or the server's word) below. */
  const fail = (title: string, err: unknown) => {
    const detail = isNetworkFailure(err, online) ? offline : serverMessage(err);
    toast.error(title, detail === undefined || detail === title ? undefined : detail);
  };

  const onLoadError = useEffectEvent((err: unknown) => fail(t('reportList.loadFailed'), err));
  useEffect(() => {
    if (list.error !== null && list.error !== undefined) onLoadError(list.error);
  }, [list.error]);

  const [draft, setDraft] = useState<Draft>(() => toDraft(state.filters));
  // A new URL (apply, reset, back button, explorer click) refills the form from it.
  const [draftFor, setDraftFor] = useState(key);
  if (draftFor !== key) {
    setDraftFor(key);
    setDraft(toDraft(state.filters));
  }

  const areas = useLiveQuery(async () =>
    (await db.areas.toArray()).sort((a, b) => a.name.localeCompare(b.name, 'id')),
  );
  const [areaSearch, setAreaSearch] = useState('');
  const shownAreas = (areas ?? []).filter(
    (area) =>
      area.id === draft.area_id ||
      area.name.toLowerCase().includes(areaSearch.trim().toLowerCase()),
  );

  const [explorerRole, setExplorerRole] = useState<Role>('custodian');
  const explorer = useRemote(`role|${explorerRole}`, () => listReportersByRole(explorerRole));
  useEffect(() => {
    if (explorer.error !== null && explorer.error !== undefined) onLoadError(explorer.error);
  }, [explorer.error]);

  const reporterName =
    state.filters.reporter_id === undefined
      ? undefined
      : (explorer.data?.find((u) => u.id === state.filters.reporter_id)?.name ??
        rows.find((row) => row.reporter.id === state.filters.reporter_id)?.reporter.name ??
        state.filters.reporter_id);

  const apply = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const next = stateFromSearch(new URLSearchParams(draft));
    setState({ ...state, filters: next.filters, page: 1 });
  };
  const reset = () => {
    setAreaSearch('');
    setState({ ...state, filters: {}, page: 1 });
  };
  const removeReporter = () => {
    setState({ ...state, filters: withoutFilter(state.filters, 'reporter_id'), page: 1 });
  };
  const showReporter = (id: string) => {
    // The person fixes the role, so a role filter could only hide their reports.
    setState({
      ...state,
      filters: { ...withoutFilter(state.filters, 'role'), reporter_id: id },
      page: 1,
    });
  };

  const [scope, setScope] = useState<ExportScope>('all');
  const [exporting, setExporting] = useState(false);
  const runExport = async () => {
    setExporting(true);
    try {
      const name = await downloadReportExport(scope, state.filters);
      toast.success(t('reportList.exported', { name }));
    } catch (err) {
      fail(t('reportList.exportFailed'), err);
    } finally {
      setExporting(false);
    }
  };

  const remove = async (row: ReportListRow) => {
    if (user === null) return;
    if (!(await confirmAndDeleteReport(user.id, row.id))) return;
    try {
      await syncRuntime.engine.syncOnce({ force: true });
      toast.success(t('reports.deleted'));
    } catch (err) {
      fail(t('reports.deleteFailed'), err);
    }
    if (rows.length === 1 && state.page > 1) setState({ ...state, page: state.page - 1 });
    else list.reload();
  };

  const field = (name: keyof Draft) => ({
    id: `report-list-${name}`,
    value: draft[name],
    onChange: (value: string) => setDraft((d) => ({ ...d, [name]: value })),
  });
  const textField = (name: keyof Draft) => {
    const { onChange, ...rest } = field(name);
    return {
      ...rest,
      onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    };
  };

  return (
    <Page title={t('pages.reports')}>
      <OfflineNotice />
      <div className="report-list-layout">
        <div className="report-list-main">
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
              <TextField label={t('reportList.dateFrom')} type="date" {...textField('date_from')} />
              <TextField label={t('reportList.dateTo')} type="date" {...textField('date_to')} />
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
        </div>

        <RoleExplorer
          role={explorerRole}
          onRole={setExplorerRole}
          people={explorer.data}
          onShowInTable={showReporter}
          onLoadError={onLoadError}
        />
      </div>
      <div className="card admin-panel report-list-results">
        <div className="report-list-toolbar">
          <button
            type="button"
            className="button button-small button-secondary"
            aria-label={t('reportList.sortLabel')}
            data-order={state.order}
            onClick={() =>
              setState({ ...state, order: state.order === 'desc' ? 'asc' : 'desc', page: 1 })
            }
          >
            {state.order === 'desc' ? t('reportList.newest') : t('reportList.oldest')}
          </button>
          <span className="report-list-spacer" />
          <label className="field-label" htmlFor="report-list-scope">
            {t('reportList.exportScope')}
          </label>
          <select
            id="report-list-scope"
            className="input admin-select"
            value={scope}
            onChange={(event) => {
              if (isScope(event.target.value)) setScope(event.target.value);
            }}
          >
            {EXPORT_SCOPES.map((value) => (
              <option key={value} value={value}>
                {t(`reportList.scopes.${value}`)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button-primary"
            disabled={exporting}
            aria-busy={exporting}
            onClick={() => void runExport()}
          >
            {exporting ? t('reportList.exporting') : t('reportList.export')}
          </button>
        </div>
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="report-list-table">
            <caption className="sr-only">{t('reportList.table')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reportList.colArea')}</th>
                <th scope="col">{t('reportList.colDescription')}</th>
                <th scope="col">{t('reportList.colReporter')}</th>
                <th scope="col">{t('reportList.colStatus')}</th>
                <th scope="col">{t('reportList.colCreated')}</th>
                <th scope="col">{t('reportList.colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <EmptyRow columns={6} loading={list.loading} />
              ) : (
                rows.map((row) => (
                  <tr
                    key={row.id}
                    data-report-id={row.id}
                    data-status={row.status}
                    data-role={row.reporter.role}
                    data-reporter-id={row.reporter.id}
                  >
                    <td className="admin-name">{row.area.name}</td>
                    <td
                      className="report-list-description"
                      title={row.description}
                      data-label={t('reportList.colDescription')}
                    >
                      {truncate(row.description)}
                    </td>
                    <td data-label={t('reportList.colReporter')}>
                      <div>
                        {row.reporter.name}
                        <div className="muted">{roleLabel(row.reporter.role)}</div>
                      </div>
                    </td>
                    <td data-label={t('reportList.colStatus')}>
                      <span className={`rp-status rp-status-${row.status}`}>
                        {t(statusKey(row.status))}
                      </span>
                    </td>
                    <td data-label={t('reportList.colCreated')}>
                      <time dateTime={row.created_at}>
                        {formatDate(row.created_at, i18n.language)}
                      </time>
                    </td>
                    <td className="admin-actions-cell">
                      <div className="admin-actions">
                        <Link
                          to="/reports/$id"
                          params={{ id: row.id }}
                          className="button button-small button-secondary"
                        >
                          {t('reportList.detail')}
                        </Link>
                        <Link
                          to="/reports/$id/edit"
                          params={{ id: row.id }}
                          className="button button-small button-secondary"
                        >
                          {t('reportList.edit')}
                        </Link>
                        <button
                          type="button"
                          className="button button-small admin-danger-outline"
                          aria-label={`${t('reportList.delete')} ${row.area.name}`}
                          onClick={() => void remove(row)}
                        >
                          {t('reportList.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <MetaPager
          meta={meta}
          label={t('reportList.pager')}
          onPage={(page) => setState({ ...state, page })}
        />
      </div>
    </Page>
  );
}
