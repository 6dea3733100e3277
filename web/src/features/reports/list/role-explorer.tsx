import { Link } from '@tanstack/react-router';
import { isRole, type Role } from '@urs/sync-protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MetaPager } from '../../../components/ui/pager.js';
import { useRemote } from '../../../components/ui/use-remote.js';
import { formatDate } from '../../../lib/format.js';
import { RoleOptions } from '../../../components/ui/role-options.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { statusKey } from '../report-i18n.js';
import { listReports, type RoleUser } from './report-list-api.js';
import { truncate } from './report-list-logic.js';
import '../report-list-i18n.js';
import { roleText } from '../../../lib/role-text.js';

/** A user detail is a side panel: a few reports per page keep it short beside the filters. */
export const USER_DETAIL_PER_PAGE = 5;

interface RoleExplorerProps {
  role: Role;
  onRole: (role: Role) => void;
  /** The role's users with their report counts; null while loading. */
  people: RoleUser[] | null;
  /** Filters the main table to one reporter. */
  onShowInTable: (userId: string) => void;
  onLoadError: (err: unknown) => void;
}

/**
 * The report list's role explorer (spec section 2): users of a role with their report counts;
 * opening one shows that user's reports, paged, with a way to filter the main table to them.
 */
export function RoleExplorer({
  role,
  onRole,
  people,
  onShowInTable,
  onLoadError,
}: RoleExplorerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<RoleUser | null>(null);

  return (
    <aside className="card admin-panel report-list-explorer" aria-labelledby="rl-explorer">
      <h2 id="rl-explorer" className="report-list-explorer-title">
        {t('reportList.explorer')}
      </h2>
      {open === null ? (
        <>
          <SelectField
            id="report-list-explorer-role"
            label={t('reportList.explorerRole')}
            value={role}
            onChange={(value) => {
              if (isRole(value)) onRole(value);
            }}
          >
            <RoleOptions />
          </SelectField>
          <ul className="report-list-users" data-testid="role-explorer">
            {people !== null && people.length === 0 && (
              <li className="muted">{t('reportList.explorerEmpty')}</li>
            )}
            {(people ?? []).map((person) => (
              <li key={person.id}>
                <button
                  type="button"
                  className="report-list-user"
                  data-user-id={person.id}
                  onClick={() => setOpen(person)}
                >
                  {/* Named by what it shows, the count included (the space keeps the two
                      apart in the name; between flex items it takes no room). */}
                  <span>{person.name}</span>{' '}
                  <span className="report-list-count" data-count={person.report_count}>
                    {t('reportList.reportCount', { count: person.report_count })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <UserDetail
          person={open}
          onBack={() => setOpen(null)}
          onShowInTable={() => onShowInTable(open.id)}
          onLoadError={onLoadError}
        />
      )}
    </aside>
  );
}

function UserDetail({
  person,
  onBack,
  onShowInTable,
  onLoadError,
}: {
  person: RoleUser;
  onBack: () => void;
  onShowInTable: () => void;
  onLoadError: (err: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const reports = useRemote(
    `explorer|${person.id}|${page}`,
    () =>
      listReports(
        { filters: { reporter_id: person.id }, page, order: 'desc' },
        USER_DETAIL_PER_PAGE,
      ),
    onLoadError,
  );
  const rows = reports.data?.data ?? [];

  return (
    <section className="explorer-user" data-testid="explorer-user" aria-labelledby="rl-user">
      <button type="button" className="button button-small button-secondary" onClick={onBack}>
        {t('reportList.backToList')}
      </button>
      <div>
        <h3 id="rl-user" className="explorer-user-name">
          {t('reportList.userReports', { name: person.name })}
        </h3>
        <p className="muted explorer-user-meta">
          {roleText(person.role)} · {t('reportList.reportCount', { count: person.report_count })}
        </p>
      </div>
      <ul className="explorer-user-reports" aria-busy={reports.loading}>
        {!reports.loading && rows.length === 0 && (
          <li className="muted">{t('reportList.userNoReports')}</li>
        )}
        {rows.map((row) => (
          <li key={row.id} data-report-id={row.id}>
            <Link to="/reports/$id" params={{ id: row.id }} className="explorer-user-report">
              <span className="explorer-user-report-head">
                <strong>{row.area.name}</strong>
                <span className={`rp-status rp-status-${row.status}`}>
                  {t(statusKey(row.status))}
                </span>
              </span>
              <span className="explorer-user-report-text">{truncate(row.description, 60)}</span>
              <time className="muted" dateTime={row.reported_at}>
                {formatDate(row.reported_at, i18n.language)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      <MetaPager
        meta={reports.data?.meta}
        label={t('reportList.userPager', { name: person.name })}
        onPage={setPage}
      />
      <button type="button" className="button button-small button-primary" onClick={onShowInTable}>
        {t('reportList.showInTable')}
      </button>
    </section>
  );
}
