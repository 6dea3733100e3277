import type { ReportListRow, Role } from '@urs/sync-protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineNotice, useOnline } from '../../../components/ui/online.js';
import { Page } from '../../../components/ui/page.js';
import { MetaPager } from '../../../components/ui/pager.js';
import { useRemote } from '../../../components/ui/use-remote.js';
import { failureText } from '../../../client/admin-kit.js';
import { toast } from '../../../client/toast.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { stringifySearch } from '../../../lib/search-params.js';
import { useSyncEngine } from '../../../sync/index.js';
import { listReportersByRole, listReports } from './report-list-api.js';
import { ReportListFilters } from './report-list-filters.js';
import { activeFilterCount, withoutFilter } from './report-list-logic.js';
import { FilterDisclosure } from './filter-disclosure.js';
import { searchOfState } from './report-list-search.js';
import { ReportListTable } from './report-list-table.js';
import { ReportListToolbar } from './report-list-toolbar.js';
import { confirmAndDeleteReport, deletionState } from '../data/report-writes.js';
import { useReportListState } from './use-report-list-state.js';
import { RoleExplorer } from './role-explorer.js';
import { BulkAssignBar } from '../jobs/bulk-assign.js';
import { CheckField } from '../../../components/ui/check-field.js';
import '../report-list-i18n.js';
import './report-list.css';
import '../reports.css';

/** The admin's report list (online): URL filters, server paging, export, role explorer. */
export function ReportListScreen() {
  const { t } = useTranslation();
  const online = useOnline();
  const user = useCurrentUser();
  const engine = useSyncEngine();
  const [state, setState] = useReportListState();
  const key = stringifySearch(searchOfState(state));
  const offline = t('admin.offline');
  /**
   * A failure toast: the catalogue title (§8), the cause below (offline, a download cut off, or
   * the server's word).
   */
  const fail = (title: string, err: unknown) => {
    const detail = failureText(err, title, offline, online);
    toast.error(title, detail === title ? undefined : detail);
  };

  const onLoadError = (err: unknown) => fail(t('reportList.loadFailed'), err);
  const list = useRemote(`list${key}`, () => listReports(state), onLoadError);
  const rows = list.data?.data ?? [];
  // Picked for a bulk assignment; another page or filter starts the pick over.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setSelected(new Set()), [key]);
  const select = (id: string, picked: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (picked) next.add(id);
      else next.delete(id);
      return next;
    });
  const allPicked = rows.length > 0 && rows.every((row) => selected.has(row.id));

  const [explorerRole, setExplorerRole] = useState<Role>('custodian');
  const explorer = useRemote(
    `role|${explorerRole}`,
    () => listReportersByRole(explorerRole),
    onLoadError,
  );

  const reporterId = state.filters.reporter_id;
  const reporterName =
    reporterId === undefined
      ? undefined
      : (explorer.data?.find((u) => u.id === reporterId)?.name ??
        rows.find((row) => row.reporter.id === reporterId)?.reporter.name ??
        reporterId);

  const showReporter = (id: string) => {
    // The person fixes the role, so a role filter could only hide their reports.
    setState({
      ...state,
      filters: { ...withoutFilter(state.filters, 'role'), reporter_id: id },
      page: 1,
    });
  };

  const remove = async (row: ReportListRow) => {
    if (user === null) return;
    if (!(await confirmAndDeleteReport(user.id, row.id))) return;
    try {
      // The sync answers with its outcome instead of throwing, and counts every entry it
      // sent: the deletion's own entry says where it stands.
      await engine.syncOnce({ force: true });
      const state = await deletionState(user.id, row.id);
      if (state === 'sent') toast.success(t('reports.deleted'));
      else if (state === 'refused') toast.error(t('reports.deleteFailed'));
      else toast.info(t('reports.deleteQueued'));
    } catch (err) {
      fail(t('reports.deleteFailed'), err);
    }
    if (rows.length === 1 && state.page > 1) setState({ ...state, page: state.page - 1 });
    else list.reload();
  };

  return (
    <Page title={t('pages.reports')}>
      <OfflineNotice />
      <FilterDisclosure
        active={activeFilterCount(state.filters)}
        appliedKey={JSON.stringify(state.filters)}
      >
        <div className="report-list-main">
          <ReportListFilters state={state} onChange={setState} reporterName={reporterName} />
        </div>
        <RoleExplorer
          role={explorerRole}
          onRole={setExplorerRole}
          people={explorer.data}
          onShowInTable={showReporter}
          onLoadError={onLoadError}
        />
      </FilterDisclosure>
      <div className="card admin-panel report-list-results">
        <ReportListToolbar
          state={state}
          onChange={setState}
          fail={fail}
          schoolName={user?.school_name}
        />
        {user !== null && (
          <BulkAssignBar
            user={user}
            selected={[...selected]}
            onDone={() => setSelected(new Set())}
            onClear={() => setSelected(new Set())}
          />
        )}
        {rows.length > 0 && (
          <CheckField
            className="report-list-pick-all"
            label={t('jobs.selectPage')}
            checked={allPicked}
            onChange={(picked) =>
              setSelected(picked ? new Set(rows.map((row) => row.id)) : new Set())
            }
          />
        )}
        <ReportListTable
          rows={rows}
          loading={list.loading}
          onRemove={(row) => void remove(row)}
          selected={selected}
          onSelect={select}
        />
        <MetaPager
          meta={list.data?.meta}
          label={t('reportList.pager')}
          onPage={(page) => setState({ ...state, page })}
        />
      </div>
    </Page>
  );
}
