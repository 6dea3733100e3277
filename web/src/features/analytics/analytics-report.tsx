import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_STATUSES, type AnalyticsSnapshot } from '@urs/sync-protocol';
import { StatGrid } from '../../components/ui/stat-grid.js';
import { formatDayMonth, formatMonth, formatMonthTick, formatNumber } from '../../lib/format.js';
import { roleText } from '../../lib/role-text.js';
import '../../components/ui/admin-cards.css';
import './analytics-i18n.js';
import { JobsSection } from './analytics-jobs.js';
import './analytics.css';

const DailyBars = lazy(() =>
  import('./analytics-charts.js').then((m) => ({ default: m.DailyBars })),
);
const TrendLines = lazy(() =>
  import('./analytics-charts.js').then((m) => ({ default: m.TrendLines })),
);

/**
 * One school's analytics as figures, charts and tables, read-only: the admin's analytics screen
 * and the district's view of any one school draw the same snapshot with it.
 */
export function AnalyticsReport({ snapshot: s }: { snapshot: AnalyticsSnapshot }) {
  const { t, i18n } = useTranslation();
  const num = (value: number) => formatNumber(value, i18n.language);
  // Chart labels (and so their tooltips) as the app writes dates; the export keeps the keys.
  const day = (date: string) => formatDayMonth(date, i18n.language);
  const r = s.requests_30d;
  const createdCompleted = [
    { key: 'created', label: t('analytics.created'), color: 'var(--primary)' },
    { key: 'completed', label: t('analytics.completed'), color: 'var(--success)' },
  ];
  return (
    <>
      <section className="analytics-snapshot" aria-label={t('analytics.snapshot')}>
        <StatGrid
          stats={[
            { id: 'total', label: t('analytics.total'), value: num(s.reports.total) },
            { id: 'week', label: t('analytics.thisWeek'), value: num(s.reports.this_week) },
            ...REPORT_STATUSES.map((status) => ({
              id: status,
              label: t(`analytics.status.${status}`),
              value: num(s.reports.by_status[status]),
            })),
          ]}
        />
      </section>

      <JobsSection jobs={s.jobs} num={num} />

      <section className="card analytics-section">
        <h2>{t('analytics.users')}</h2>
        <StatGrid
          stats={[
            { id: 'total', label: t('analytics.totalUsers'), value: num(s.users.total) },
            { id: 'active', label: t('analytics.active30'), value: num(s.users.active_30d) },
            { id: 'rate', label: t('analytics.activeRate'), value: `${num(s.users.active_rate)}%` },
            { id: 'inactive', label: t('analytics.inactive'), value: num(s.users.inactive) },
          ]}
        />
      </section>

      <div className="analytics-columns">
        <ChartCard title={t('analytics.daily7')}>
          <DailyBars
            data={s.daily_7d.map((d) => ({ ...d, label: day(d.date) }))}
            xKey="label"
            series={createdCompleted}
          />
        </ChartCard>
        <ChartCard title={t('analytics.monthly6')}>
          <TrendLines
            data={s.monthly_6m.map((m) => ({ ...m, label: formatMonth(m.month, i18n.language) }))}
            xKey="label"
            series={createdCompleted}
            tickOf={(index) =>
              formatMonthTick(s.monthly_6m[index]?.month ?? '', i18n.language, index === 0)
            }
          />
        </ChartCard>
      </div>

      <div className="analytics-columns">
        <section className="card analytics-section">
          <h2>{t('analytics.priorityAreas')}</h2>
          <AreaList
            title={t('analytics.mostReports')}
            rows={s.priority_areas.most_reports_30d}
            empty={t('analytics.none')}
          />
          <AreaList
            title={t('analytics.mostPending')}
            rows={s.priority_areas.most_pending}
            empty={t('analytics.none')}
          />
        </section>
        <section className="card analytics-section">
          <h2>{t('analytics.productivity')}</h2>
          <ProductivityTable rows={s.productivity_by_role} num={num} />
        </section>
      </div>

      <div className="analytics-columns">
        <ChartCard title={t('analytics.dau')}>
          <DailyBars
            data={s.daily_active_users_30d.map((d) => ({ ...d, label: day(d.date) }))}
            xKey="label"
            series={[{ key: 'users', label: t('analytics.activeUsers'), color: 'var(--primary)' }]}
          />
        </ChartCard>
        <section className="card analytics-section">
          <h2>{t('analytics.requests')}</h2>
          <StatGrid
            stats={[
              { id: 'created', label: t('analytics.requestsCreated'), value: num(r.created) },
              { id: 'approved', label: t('analytics.approved'), value: num(r.approved) },
              { id: 'rejected', label: t('analytics.rejected'), value: num(r.rejected) },
              { id: 'pending', label: t('analytics.pendingRequests'), value: num(r.pending) },
              { id: 'rate', label: t('analytics.approvalRate'), value: `${num(r.approval_rate)}%` },
              { id: 'daily', label: t('analytics.dailyAverage'), value: num(r.daily_average) },
            ]}
          />
        </section>
      </div>
    </>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card analytics-section analytics-chart" aria-label={title}>
      <h2>{title}</h2>
      <Suspense fallback={<div className="analytics-chart-placeholder" />}>{children}</Suspense>
    </section>
  );
}

function AreaList({
  title,
  rows,
  empty,
}: {
  title: string;
  rows: { id: string; name: string; count: number }[];
  empty: string;
}) {
  return (
    <div className="analytics-area-list">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol>
          {rows.map((r) => (
            <li key={r.id}>
              <span>{r.name}</span>
              <span className="analytics-count">{r.count}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function ProductivityTable({
  rows,
  num,
}: {
  rows: AnalyticsSnapshot['productivity_by_role'];
  num: (value: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="analytics-table-scroll">
      <table className="analytics-table stack-table">
        <thead>
          <tr>
            <th scope="col">{t('analytics.role')}</th>
            <th scope="col">{t('analytics.staff')}</th>
            <th scope="col">{t('analytics.reports30')}</th>
            <th scope="col">{t('analytics.completed30')}</th>
            <th scope="col">{t('analytics.completionRate')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.role}>
              <th scope="row">{roleText(row.role)}</th>
              <td data-label={t('analytics.staff')}>{num(row.staff)}</td>
              <td data-label={t('analytics.reports30')}>{num(row.reports_30d)}</td>
              <td data-label={t('analytics.completed30')}>{num(row.completed_30d)}</td>
              <td data-label={t('analytics.completionRate')}>{num(row.completion_rate)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
