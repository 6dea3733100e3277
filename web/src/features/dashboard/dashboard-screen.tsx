import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';
import { useCurrentUser } from '../../lib/use-session.js';

/** The greeting only: the summary, stats and latest reports come with the dashboard issue. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Page title={t('pages.dashboard')}>
      <div className="card">
        <p className="greeting">{t('dashboard.greeting', { name: user?.name ?? '' })}</p>
        <p className="muted">{t('common.underConstruction')}</p>
      </div>
    </Page>
  );
}
