import { getRouteApi, Link } from '@tanstack/react-router';
import type { School } from '@urs/sync-protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../components/ui/fact-list.js';
import { LoadError } from '../../components/ui/load-error.js';
import { OfflineNotice } from '../../components/ui/online.js';
import { Page } from '../../components/ui/page.js';
import { useRemote } from '../../components/ui/use-remote.js';
import { errorText } from '../../lib/error-text.js';
import { formatDate } from '../../lib/format.js';
import { findSchool } from './district-api.js';
import { domainsText } from './district-logic.js';
import { RegistrationLinkPanel } from './registration-link.js';
import { SchoolAdmins } from './school-admins.js';
import { SchoolBadge } from './school-badge.js';
import { SchoolEditModal } from './school-edit-modal.js';
import { useSchoolStatus } from './school-status.js';
import './district-i18n.js';
import './district.css';

const route = getRouteApi('/_shell/district/schools/$id');

/**
 * One school as the district administrator manages it: its name and SSO domains, whether it is
 * active, its registration link and its administrators.
 */
export function SchoolScreen() {
  const { t } = useTranslation();
  const { id } = route.useParams();
  const loaded = useRemote(`district-school|${id}`, () => findSchool(id));
  // What this screen changed since the load: the server's answer to each change.
  const [changed, setChanged] = useState<School | null>(null);
  const school = changed?.id === id ? changed : loaded.data;

  if (school === null) {
    const missing = loaded.data === null && !loaded.loading && loaded.error === null;
    return (
      <Page title={t('pages.schools')}>
        <BackToSchools />
        <OfflineNotice />
        <LoadError error={loaded.error} onRetry={loaded.reload} />
        {missing ? (
          <p className="alert alert-error" role="alert">
            {errorText({ code: 'school_not_found' })}
          </p>
        ) : (
          loaded.error === null && (
            <p className="card muted" role="status">
              {t('admin.loading')}
            </p>
          )
        )}
      </Page>
    );
  }
  return <SchoolPage school={school} onChanged={setChanged} />;
}

function BackToSchools() {
  const { t } = useTranslation();
  return (
    <Link to="/district/schools" className="button button-small button-secondary district-back">
      {t('district.back')}
    </Link>
  );
}

function SchoolPage({ school, onChanged }: { school: School; onChanged: (s: School) => void }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const toggleStatus = useSchoolStatus();

  return (
    <Page
      title={school.name}
      actions={
        <>
          <Link
            to="/district/schools/$id/analytics"
            params={{ id: school.id }}
            className="button button-secondary"
          >
            {t('district.analytics')}
          </Link>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setEditing(true)}
          >
            {t('district.edit')}
          </button>
          <button
            type="button"
            className={school.active ? 'button admin-danger-outline' : 'button button-primary'}
            onClick={() => {
              void toggleStatus(school).then((saved) => {
                if (saved !== null) onChanged(saved);
              });
            }}
          >
            {t(school.active ? 'district.deactivate' : 'district.activate')}
          </button>
        </>
      }
    >
      <BackToSchools />
      <OfflineNotice />
      {!school.active && (
        <p className="alert alert-error" role="status">
          {t('district.inactiveNote')}
        </p>
      )}

      <section className="card district-section" aria-labelledby="school-details">
        <h2 id="school-details">{t('district.details')}</h2>
        <FactList
          className="fact-list"
          facts={[
            [t('district.status'), <SchoolBadge key="status" active={school.active} />],
            [
              t('district.ssoDomains'),
              school.sso_domains.length === 0
                ? t('district.none')
                : domainsText(school.sso_domains),
            ],
            [
              t('district.created'),
              <time key="created" dateTime={school.created_at}>
                {formatDate(school.created_at, i18n.language)}
              </time>,
            ],
          ]}
        />
      </section>

      <RegistrationLinkPanel school={school} onChanged={onChanged} />
      <SchoolAdmins schoolId={school.id} />

      {editing && (
        <SchoolEditModal
          school={school}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            onChanged(saved);
          }}
        />
      )}
    </Page>
  );
}
