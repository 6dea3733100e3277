import { Link } from '@tanstack/react-router';
import type { SchoolOverviewRow } from '@urs/sync-protocol';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../components/ui/admin-table.js';
import { LoadError } from '../../components/ui/load-error.js';
import { OfflineNotice } from '../../components/ui/online.js';
import { Page } from '../../components/ui/page.js';
import { StatGrid } from '../../components/ui/stat-grid.js';
import { useRemote } from '../../components/ui/use-remote.js';
import { formatDateTime, formatNumber } from '../../lib/format.js';
import { formatAge } from '../analytics/index.js';
import { dropSignedInFrame } from '../dashboard/index.js';
import { districtOverview } from './district-api.js';
import { districtTotals } from './district-logic.js';
import { SchoolBadge } from './school-badge.js';
import './district-i18n.js';
import './district.css';

/**
 * The district administrator's home (issue 39): every school's staff, reports this month, open
 * and overdue work, pending requests and last sync, from the server; online only.
 */
export function DistrictOverviewScreen() {
  const { t, i18n } = useTranslation();
  // The dashboard's frame drawn ahead is never this screen's: should a stale cached user have
  // shown it, it goes before the first paint instead of covering the overview.
  useLayoutEffect(() => dropSignedInFrame(), []);
  const overview = useRemote('district-overview', districtOverview);
  const rows = overview.data ?? [];
  const totals = districtTotals(rows);
  const num = (value: number) => formatNumber(value, i18n.language);
  const known = overview.data !== null;

  return (
    <Page
      title={t('pages.districtOverview')}
      actions={
        <button
          type="button"
          className="button button-secondary"
          onClick={overview.reload}
          disabled={overview.loading}
        >
          {t('district.refresh')}
        </button>
      }
    >
      <OfflineNotice />
      <LoadError error={overview.error} onRetry={overview.reload} />

      <section aria-label={t('district.summary')}>
        <StatGrid
          testId="district-totals"
          stats={[
            {
              id: 'schools',
              label: t('district.activeSchools'),
              value: known
                ? t('district.activeOf', {
                    active: num(totals.activeSchools),
                    total: num(totals.schools),
                  })
                : '–',
            },
            { id: 'staff', label: t('district.staff'), value: known ? num(totals.staff) : '–' },
            {
              id: 'reports',
              label: t('district.reportsThisMonth'),
              value: known ? num(totals.reportsThisMonth) : '–',
            },
            {
              id: 'open',
              label: t('district.openWork'),
              value: known ? num(totals.openWork) : '–',
            },
            {
              id: 'overdue',
              label: t('district.overdueWork'),
              value: known ? num(totals.overdueWork) : '–',
              ...(totals.overdueWork > 0 && { tone: 'warning' as const }),
            },
            {
              id: 'requests',
              label: t('district.requestsPending'),
              value: known ? num(totals.requestsPending) : '–',
            },
          ]}
        />
      </section>

      <div className="card admin-panel">
        <AdminTable
          caption={t('district.list')}
          columns={[
            t('district.school'),
            t('district.status'),
            t('district.staff'),
            t('district.reportsThisMonth'),
            t('district.openWork'),
            t('district.overdueWork'),
            t('district.requestsPending'),
            t('district.lastSync'),
          ]}
          testId="district-overview"
          className="district-table"
          loading={overview.loading}
          empty={rows.length === 0}
        >
          {rows.map((row) => (
            <OverviewRow key={row.school_id} row={row} num={num} />
          ))}
        </AdminTable>
        <p className="muted district-note">{t('district.overdueNote')}</p>
      </div>
    </Page>
  );
}

function OverviewRow({ row, num }: { row: SchoolOverviewRow; num: (value: number) => string }) {
  const { t, i18n } = useTranslation();
  const figure = (label: string, value: number, className = 'district-num') => (
    <td data-label={label} className={className}>
      {num(value)}
    </td>
  );
  return (
    <tr data-school-name={row.name}>
      <th scope="row" className="admin-name">
        <Link to="/district/schools/$id" params={{ id: row.school_id }}>
          {row.name}
        </Link>
      </th>
      <td data-label={t('district.status')}>
        <SchoolBadge active={row.active} />
      </td>
      {figure(t('district.staff'), row.staff)}
      {figure(t('district.reportsThisMonth'), row.reports_this_month)}
      {figure(t('district.openWork'), row.open_work)}
      {figure(
        t('district.overdueWork'),
        row.overdue_work,
        row.overdue_work > 0 ? 'district-num district-overdue' : 'district-num',
      )}
      {figure(t('district.requestsPending'), row.requests_pending)}
      <td data-label={t('district.lastSync')} className="district-when">
        {row.last_sync_at === null ? (
          <span className="muted">{t('district.neverSynced')}</span>
        ) : (
          <time dateTime={row.last_sync_at} title={formatDateTime(row.last_sync_at, i18n.language)}>
            {formatAge(row.last_sync_at, new Date(), i18n.language)}
          </time>
        )}
      </td>
      <td className="admin-actions-cell">
        <div className="admin-actions">
          <Link
            to="/district/schools/$id/analytics"
            params={{ id: row.school_id }}
            className="button button-small button-secondary"
            aria-label={`${t('district.analytics')} ${row.name}`}
          >
            {t('district.analytics')}
          </Link>
        </div>
      </td>
    </tr>
  );
}
