import { Link } from '@tanstack/react-router';
import { type ReportListRow } from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../../components/ui/admin-table.js';
import { RowActions } from '../../../components/ui/row-actions.js';
import { formatDate, formatDue } from '../../../lib/format.js';
import { statusKey } from '../report-i18n.js';
import { truncate } from './report-list-logic.js';
import { roleText } from '../../../lib/role-text.js';
import '../job-i18n.js';
import { priorityKey } from '../job-i18n.js';

interface TableProps {
  rows: readonly ReportListRow[];
  loading: boolean;
  onRemove: (row: ReportListRow) => void;
  /** The rows picked for a bulk assignment (decision 028). */
  selected: ReadonlySet<string>;
  onSelect: (id: string, picked: boolean) => void;
}

/** One server page of reports, with each row's pick box, detail, edit and delete. */
export function ReportListTable({ rows, loading, onRemove, selected, onSelect }: TableProps) {
  const { t, i18n } = useTranslation();
  return (
    <AdminTable
      caption={t('reportList.table')}
      columns={[
        t('jobs.select'),
        t('reportList.colArea'),
        t('reportList.colDescription'),
        t('reportList.colReporter'),
        t('reportList.colAssignee'),
        t('reportList.colStatus'),
        t('reportList.colDue'),
        t('reportList.colCreated'),
      ]}
      testId="report-list-table"
      loading={loading}
      empty={rows.length === 0}
    >
      {rows.map((row) => (
        <tr
          key={row.id}
          data-report-id={row.id}
          data-status={row.status}
          data-role={row.reporter.role}
          data-reporter-id={row.reporter.id}
          data-assignee-id={row.assignee?.id ?? ''}
          data-priority={row.priority}
          data-overdue={row.overdue}
        >
          <td className="report-list-pick" data-label={t('jobs.select')}>
            <input
              type="checkbox"
              className="jb-select"
              checked={selected.has(row.id)}
              aria-label={t('jobs.selectReport', { name: row.area.name })}
              onChange={(event) => onSelect(row.id, event.target.checked)}
            />
          </td>
          <td className="admin-name">
            {row.area.name}
            <div className="rp-number" data-testid="report-number">
              {row.number ?? t('reports.awaitingNumber')}
            </div>
          </td>
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
              <div className="muted">{roleText(row.reporter.role)}</div>
            </div>
          </td>
          <td data-label={t('reportList.colAssignee')}>
            {row.assignee === null ? (
              <span className="muted">{t('reportList.unassigned')}</span>
            ) : (
              row.assignee.name
            )}
          </td>
          <td data-label={t('reportList.colStatus')}>
            {/* The priority under the status: one column for both keeps the row's actions in view. */}
            <div className="report-list-status">
              <span className={`rp-status rp-status-${row.status}`}>
                {t(statusKey(row.status))}
              </span>
              <span className={`report-list-priority report-list-priority-${row.priority}`}>
                {t('reportList.priorityOf', {
                  priority: t(priorityKey(row.priority)),
                })}
              </span>
            </div>
          </td>
          <td data-label={t('reportList.colDue')}>
            {row.due_date === null ? (
              <span className="muted">{t('reportList.noDue')}</span>
            ) : (
              <div className="report-list-due">
                {/* The school's calendar day and clock, as stored: never shifted. */}
                <span>{formatDue(row.due_date, row.due_time, i18n.language)}</span>
                {row.overdue && (
                  <span className="rp-status report-list-overdue-badge">
                    {t('reportList.overdue')}
                  </span>
                )}
              </div>
            )}
          </td>
          <td className="report-list-when" data-label={t('reportList.colCreated')}>
            <time dateTime={row.reported_at}>{formatDate(row.reported_at, i18n.language)}</time>
          </td>
          <td className="admin-actions-cell">
            <RowActions name={row.area.name} onDelete={() => onRemove(row)}>
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
            </RowActions>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
