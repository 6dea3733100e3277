import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/ui/load-error.js';
import { OfflineNotice } from '../../components/ui/online.js';
import { Page } from '../../components/ui/page.js';
import { useRemote } from '../../components/ui/use-remote.js';
import { errorText } from '../../lib/error-text.js';
import { AnalyticsReport } from '../analytics/index.js';
import { findSchool, schoolAnalytics } from './district-api.js';
import './district-i18n.js';
import './district.css';

const route = getRouteApi('/_shell/district/schools/$id/analytics');

/**
 * One school's analytics, read-only: the same figures and charts its admin's analytics screen
 * shows, computed by the server for that school. Online only; nothing is kept on the device.
 */
export function SchoolAnalyticsScreen() {
  const { t } = useTranslation();
  const { id } = route.useParams();
  const school = useRemote(`district-school|${id}`, () => findSchool(id));
  const analytics = useRemote(`district-analytics|${id}`, () => schoolAnalytics(id));
  const name = school.data?.name;
  const missing = !school.loading && school.error === null && school.data === null;

  return (
    <Page
      title={name === undefined ? t('pages.analytics') : t('district.analyticsTitle', { name })}
      actions={
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            school.reload();
            analytics.reload();
          }}
          disabled={analytics.loading}
        >
          {t('district.refresh')}
        </button>
      }
    >
      <Link
        to="/district/schools/$id"
        params={{ id }}
        className="button button-small button-secondary district-back"
      >
        {name === undefined ? t('district.back') : t('district.backTo', { name })}
      </Link>
      <OfflineNotice />
      <LoadError error={analytics.error} onRetry={analytics.reload} />
      {missing && (
        <p className="alert alert-error" role="alert">
          {errorText({ code: 'school_not_found' })}
        </p>
      )}
      {analytics.data === null ? (
        analytics.loading && (
          <p className="card muted" role="status">
            {t('analytics.loading')}
          </p>
        )
      ) : (
        <>
          <p className="muted analytics-age" role="status">
            {t('district.readOnly')}
          </p>
          <AnalyticsReport snapshot={analytics.data} />
        </>
      )}
    </Page>
  );
}
