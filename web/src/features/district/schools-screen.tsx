import { Link } from '@tanstack/react-router';
import type { School } from '@urs/sync-protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../components/ui/admin-table.js';
import { LoadError } from '../../components/ui/load-error.js';
import { OfflineNotice } from '../../components/ui/online.js';
import { Page } from '../../components/ui/page.js';
import { TextField } from '../../components/ui/text-field.js';
import { useRemote } from '../../components/ui/use-remote.js';
import { formatDate } from '../../lib/format.js';
import { listSchools } from './district-api.js';
import { domainsText } from './district-logic.js';
import { SchoolBadge } from './school-badge.js';
import { SchoolCreateModal } from './school-create-modal.js';
import { useSchoolStatus } from './school-status.js';
import './district-i18n.js';
import './district.css';

/** The name search, as the admin lists search: case and surrounding spaces aside. */
function matches(school: School, search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase('id');
  return wanted === '' || school.name.toLocaleLowerCase('id').includes(wanted);
}

/** The schools of the deployment: add one with its first admin, open one, deactivate one. */
export function SchoolsScreen() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const list = useRemote('district-schools', listSchools);
  const toggleStatus = useSchoolStatus();
  const rows = (list.data ?? []).filter((school) => matches(school, search));

  return (
    <Page
      title={t('pages.schools')}
      actions={
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          {t('district.addSchool')}
        </button>
      }
    >
      <OfflineNotice />
      <div className="card admin-panel">
        <div className="admin-filters">
          <TextField
            id="schools-search"
            label={t('district.search')}
            className="admin-search"
            placeholder={t('district.searchPlaceholder')}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>

        <LoadError error={list.error} onRetry={list.reload} />

        <AdminTable
          caption={t('district.list')}
          columns={[
            t('district.name'),
            t('district.status'),
            t('district.ssoDomains'),
            t('district.created'),
          ]}
          testId="schools-table"
          loading={list.loading}
          empty={rows.length === 0}
        >
          {rows.map((school) => (
            <tr key={school.id} data-school-name={school.name}>
              <th scope="row" className="admin-name">
                <Link to="/district/schools/$id" params={{ id: school.id }}>
                  {school.name}
                </Link>
              </th>
              <td data-label={t('district.status')}>
                <SchoolBadge active={school.active} />
              </td>
              <td data-label={t('district.ssoDomains')} className="admin-break">
                {school.sso_domains.length === 0 ? '—' : domainsText(school.sso_domains)}
              </td>
              <td data-label={t('district.created')}>
                <time dateTime={school.created_at}>
                  {formatDate(school.created_at, i18n.language)}
                </time>
              </td>
              <td className="admin-actions-cell">
                <div className="admin-actions">
                  <Link
                    to="/district/schools/$id"
                    params={{ id: school.id }}
                    className="button button-small button-secondary"
                    aria-label={`${t('district.manage')} ${school.name}`}
                  >
                    {t('district.manage')}
                  </Link>
                  <button
                    type="button"
                    className={
                      school.active
                        ? 'button button-small admin-danger-outline'
                        : 'button button-small button-secondary'
                    }
                    aria-label={`${t(school.active ? 'district.deactivate' : 'district.activate')} ${school.name}`}
                    onClick={() => {
                      void toggleStatus(school).then((saved) => {
                        if (saved !== null) list.reload();
                      });
                    }}
                  >
                    {t(school.active ? 'district.deactivate' : 'district.activate')}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>

      {creating && (
        <SchoolCreateModal
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            list.reload();
          }}
        />
      )}
    </Page>
  );
}
