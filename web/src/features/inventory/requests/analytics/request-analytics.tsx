import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestsText } from '../requests-i18n.js';
import { dailyAverageText, requestActivity } from './request-analytics-data.js';
import { type RequestEntry } from '../list/requests-list.js';
import { formatDay, formatNumber, formatPercent } from '../../../../lib/format.js';
import { StatGrid } from '../../../../components/ui/stat-grid.js';
import { ProvisionalCounts } from '../../../../components/ui/first-download.js';
import type { FirstDownload } from '../../../../sync/index.js';

/**
 * The 30-day request activity (spec: most requested items, daily average, approval rate), from
 * the same live rows as the list, so it follows every pull, sync and local write.
 */
export function RequestAnalyticsCard({
  entries,
  download,
}: {
  /** Undefined while the device's rows load. */
  entries: readonly RequestEntry[] | undefined;
  /** While the first download runs the figures are not final. */
  download?: FirstDownload;
}) {
  const { i18n } = useTranslation();
  const k = useRequestsText();
  const data = useMemo(
    () => (entries === undefined ? null : requestActivity(entries, new Date())),
    [entries],
  );

  const lang = i18n.language;
  return (
    <section className="card req-analytics" aria-labelledby="req-analytics-title">
      <div className="req-analytics-head">
        <h2 id="req-analytics-title" className="req-heading">
          {k('analytics.title')}
        </h2>
        {data !== null && (
          <span className="muted">
            {k('analytics.range', {
              from: formatDay(data.from, lang),
              to: formatDay(data.to, lang),
            })}
          </span>
        )}
      </div>
      {data === null ? (
        <p className="muted" role="status">
          {k('analytics.loading')}
        </p>
      ) : (
        <>
          {download !== undefined && <ProvisionalCounts download={download} />}
          <StatGrid
            testId="request-analytics"
            stats={[
              { id: 'total', label: k('analytics.total'), value: formatNumber(data.total, lang) },
              {
                id: 'daily',
                label: k('analytics.dailyAverage'),
                value: dailyAverageText(data.dailyAverage, lang),
              },
              {
                id: 'rate',
                label: k('analytics.approvalRate'),
                value:
                  data.approvalRate === null
                    ? k('analytics.noDecision')
                    : formatPercent(data.approvalRate, lang),
              },
            ]}
          />
          <h3 className="req-subheading">{k('analytics.mostRequested')}</h3>
          {data.mostRequested.length === 0 ? (
            <p className="muted">{k('analytics.mostRequestedEmpty')}</p>
          ) : (
            <ol className="req-top">
              {data.mostRequested.map((item, index) => {
                const quantity = formatNumber(item.quantity, lang);
                return (
                  <li key={`${item.name ?? ''}-${index}`}>
                    <span className="req-top-name">{item.name ?? k('unknownItem')}</span>
                    <span className="muted">
                      {k('analytics.requestCount', { count: item.requests })} ·{' '}
                      {item.unit === null
                        ? k('analytics.unitCount', { count: item.quantity, quantity })
                        : `${quantity} ${item.unit}`}
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
