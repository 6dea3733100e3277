import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_STATUSES, roleLabel, type AnalyticsSnapshot } from '@urs/sync-protocol';
import { Page } from '../../components/ui/page.js';
import '../../components/ui/admin-cards.css';
import { api } from '../../lib/api.js';
import { toast } from '../../lib/toast.js';
import './analytics-i18n.js';
import './analytics.css';
import {
  exportFileName,
  formatAge,
  readStoredSnapshot,
  storeSnapshot,
  type StoredSnapshot,
} from './analytics-store.js';

const DailyBars = lazy(() =>
  import('./analytics-charts.js').then((m) => ({ default: m.DailyBars })),
);
const TrendLines = lazy(() =>
  import('./analytics-charts.js').then((m) => ({ default: m.TrendLines })),
);

type Load = { state: 'loading' } | { state: 'ready'; live: boolean } | { state: 'failed' };

/** The admin analytics: computed by the server; the last snapshot stays readable offline. */
export function AnalyticsScreen() {
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<StoredSnapshot | null>(() => readStoredSnapshot());
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const refresh = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      const body = (await api.json('GET', 'api/analytics')) as { data: AnalyticsSnapshot };
      const fresh = { snapshot: body.data, fetchedAt: new Date().toISOString() };
      storeSnapshot(fresh);
      setData(fresh);
      setLoad({ state: 'ready', live: true });
    } catch (err) {
      console.error('Tidak dapat memuat data analytics.', err);
      setLoad({ state: 'failed' });
      if (navigator.onLine) toast.error(t('analytics.loadFailed'));
    }
  }, [t]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const exportJson = () => {
    if (data === null) return;
    const blob = new Blob([JSON.stringify(data.snapshot, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(data.snapshot);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const actions = (
    <>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void refresh()}
        disabled={load.state === 'loading'}
      >
        {t('analytics.refresh')}
      </button>
      <button
        type="button"
        className="button button-primary"
        onClick={exportJson}
        disabled={data === null}
      >
        {t('analytics.exportJson')}
      </button>
    </>
  );

  if (data === null) {
    return (
      <Page title={t('pages.analytics')} actions={actions}>
        <p className="card muted" role="status">
          {load.state === 'failed' ? t('analytics.loadFailed') : t('analytics.loading')}
        </p>
      </Page>
    );
  }

  const s = data.snapshot;
  const age = formatAge(data.fetchedAt, new Date(), i18n.language);
  const fmt = new Intl.NumberFormat(i18n.language === 'en' ? 'en' : 'id');
  const live = load.state === 'ready' && load.live;
  return (
    <Page title={t('pages.analytics')} actions={actions}>
      <p className={live ? 'muted analytics-age' : 'analytics-stale'} role="status">
        {live
          ? t('analytics.generatedAt', { age })
          : navigator.onLine
            ? t('analytics.staleSnapshot', { age })
            : t('analytics.offlineSnapshot', { age })}
      </p>

      <section className="analytics-grid" aria-label={t('analytics.snapshot')}>
        <Stat label={t('analytics.total')} value={fmt.format(s.reports.total)} />
        <Stat label={t('analytics.thisWeek')} value={fmt.format(s.reports.this_week)} />
        {REPORT_STATUSES.map((status) => (
          <Stat
            key={status}
            label={t(`analytics.status.${status}`)}
            value={fmt.format(s.reports.by_status[status])}
          />
        ))}
      </section>

      <section className="card analytics-section">
        <h2>{t('analytics.users')}</h2>
        <div className="analytics-grid">
          <Stat label={t('analytics.totalUsers')} value={fmt.format(s.users.total)} />
          <Stat label={t('analytics.active30')} value={fmt.format(s.users.active_30d)} />
          <Stat label={t('analytics.activeRate')} value={`${fmt.format(s.users.active_rate)}%`} />
          <Stat label={t('analytics.inactive')} value={fmt.format(s.users.inactive)} />
        </div>
      </section>

      <div className="analytics-columns">
        <ChartCard title={t('analytics.daily7')}>
          <DailyBars
            data={s.daily_7d.map((d) => ({ ...d, label: d.date.slice(5) }))}
            xKey="label"
            series={[
              { key: 'created', label: t('analytics.created'), color: 'var(--primary)' },
              { key: 'completed', label: t('analytics.completed'), color: 'var(--success)' },
            ]}
          />
        </ChartCard>
        <ChartCard title={t('analytics.monthly6')}>
          <TrendLines
            data={s.monthly_6m}
            xKey="month"
            series={[
              { key: 'created', label: t('analytics.created'), color: 'var(--primary)' },
              { key: 'completed', label: t('analytics.completed'), color: 'var(--success)' },
            ]}
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
              {s.productivity_by_role.map((r) => (
                <tr key={r.role}>
                  <th scope="row">{roleLabel(r.role)}</th>
                  <td data-label={t('analytics.staff')}>{fmt.format(r.staff)}</td>
                  <td data-label={t('analytics.reports30')}>{fmt.format(r.reports_30d)}</td>
                  <td data-label={t('analytics.completed30')}>{fmt.format(r.completed_30d)}</td>
                  <td data-label={t('analytics.completionRate')}>
                    {fmt.format(r.completion_rate)}%
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>

      <div className="analytics-columns">
        <ChartCard title={t('analytics.dau')}>
          <DailyBars
            data={s.daily_active_users_30d.map((d) => ({ ...d, label: d.date.slice(8) }))}
            xKey="label"
            series={[{ key: 'users', label: t('analytics.activeUsers'), color: 'var(--primary)' }]}
          />
        </ChartCard>
        <section className="card analytics-section">
          <h2>{t('analytics.requests')}</h2>
          <div className="analytics-grid">
            <Stat
              label={t('analytics.requestsCreated')}
              value={fmt.format(s.requests_30d.created)}
            />
            <Stat label={t('analytics.approved')} value={fmt.format(s.requests_30d.approved)} />
            <Stat label={t('analytics.rejected')} value={fmt.format(s.requests_30d.rejected)} />
            <Stat
              label={t('analytics.pendingRequests')}
              value={fmt.format(s.requests_30d.pending)}
            />
            <Stat
              label={t('analytics.approvalRate')}
              value={`${fmt.format(s.requests_30d.approval_rate)}%`}
            />
            <Stat
              label={t('analytics.dailyAverage')}
              value={fmt.format(s.requests_30d.daily_average)}
            />
          </div>
        </section>
      </div>
    </Page>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="analytics-stat">
      <span className="analytics-stat-value">{value}</span>
      <span className="analytics-stat-label">{label}</span>
    </div>
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
