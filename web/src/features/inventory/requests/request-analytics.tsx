import { useTranslation } from 'react-i18next';
import { useRemote } from '../../../components/ui/use-remote.js';
import { toast } from '../../../lib/toast.js';
import { loadRequestAnalytics } from './requests-api.js';
import { useRequestsText } from './requests-i18n.js';
import { type RequestAnalytics } from './request-analytics-data.js';
import { formatDay, formatNumber, formatPercent } from '../../../lib/format.js';
import { StatGrid } from '../../../components/ui/stat-grid.js';

/**
 * The 30-day request activity (spec: most requested items, daily average, approval rate).
 * The server computes it over every request the user may see, so it is online only.
 */
export function RequestAnalyticsCard({ online }: { online: boolean }) {
  const { i18n } = useTranslation();
  const k = useRequestsText();
  const remote = useRemote<RequestAnalytics | null>(
    `request-analytics|${String(online)}`,
    () => (online ? loadRequestAnalytics() : Promise.resolve(null)),
    () => toast.error(k('analytics.failed')),
  );

  const data = remote.data;
  const lang = i18n.language;
  return (
    <section className="card req-analytics" aria-labelledby="req-analytics-title">
      <div className="req-analytics-head">
        <h2 id="req-analytics-title" className="req-heading">
          {k('analytics.title')}
        </h2>
        {online && data !== null && (
          <span className="muted">
            {k('analytics.range', {
              from: formatDay(data.from, lang),
              to: formatDay(data.to, lang),
            })}
          </span>
        )}
      </div>
      {!online ? (
        <p className="alert alert-info" role="status" data-testid="request-analytics-offline">
          {k('analytics.offline')}
        </p>
      ) : remote.error !== null && remote.error !== undefined ? (
        <div className="req-analytics-error" role="alert">
          <p>{k('analytics.failed')}</p>
          <button type="button" className="button button-secondary" onClick={remote.reload}>
            {k('analytics.retry')}
          </button>
        </div>
      ) : data === null ? (
        <p className="muted" role="status">
          {k('analytics.loading')}
        </p>
      ) : (
        <>
          <StatGrid
            testId="request-analytics"
            stats={[
              { id: 'total', label: k('analytics.total'), value: formatNumber(data.total, lang) },
              {
                id: 'daily',
                label: k('analytics.dailyAverage'),
                value: formatNumber(data.daily_average, lang),
              },
              {
                id: 'rate',
                label: k('analytics.approvalRate'),
                value: formatPercent(data.approval_rate, lang),
              },
            ]}
          />
          <h3 className="req-subheading">{k('analytics.mostRequested')}</h3>
          {data.most_requested.length === 0 ? (
            <p className="muted">{k('analytics.mostRequestedEmpty')}</p>
          ) : (
            <ol className="req-top">
              {data.most_requested.map((item, index) => (
                <li key={`${item.item_id ?? item.name ?? ''}-${index}`}>
                  <span className="req-top-name">{item.name ?? k('unknownItem')}</span>
                  <span className="muted">
                    {k('analytics.requestCount', { count: item.requests })} ·{' '}
                    {k('analytics.unitCount', {
                      count: item.quantity,
                      quantity: formatNumber(item.quantity, lang),
                    })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
