import { useTranslation } from 'react-i18next';
import { Page } from './page.js';

/** Stand-in for a screen that a later issue builds: its real title, and nothing made up. */
export function UnderConstruction({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)}>
      <div className="card card-muted">
        <p>{t('common.underConstruction')}</p>
      </div>
    </Page>
  );
}
