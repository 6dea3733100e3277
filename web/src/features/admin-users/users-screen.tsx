import { isRole, type Role, type User } from '@urs/sync-protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';
import { toast } from '../../client/toast.js';
import { useCurrentUser } from '../../client/use-session.js';
import { failureText } from '../../client/admin-kit.js';
import { AdminTable } from '../../components/ui/admin-table.js';
import { LoadError } from '../../components/ui/load-error.js';
import { OfflineNotice, useOnline } from '../../components/ui/online.js';
import { MetaPager } from '../../components/ui/pager.js';
import { RowActions } from '../../components/ui/row-actions.js';
import { TextField } from '../../components/ui/text-field.js';
import { useAdminList } from '../../components/ui/use-admin-list.js';
import { SchoolLinkPanel } from './school-link-panel.js';
import { UserFormModal } from './user-form-modal.js';
import {
  DEFAULT_USERS_PER_PAGE,
  deleteUser,
  listUsers,
  PER_PAGE_CHOICES,
  type PerPage,
} from './users-api.js';
import './users-i18n.js';
import { RoleOptions } from '../../components/ui/role-options.js';
import { SelectField } from '../../components/ui/select-field.js';
import { formatDate } from '../../lib/format.js';
import { roleText } from '../../lib/role-text.js';
import './users-screen.css';

type Editing = { mode: 'create' } | { mode: 'edit'; user: User } | null;

const isPerPage = (value: number): value is PerPage =>
  PER_PAGE_CHOICES.some((choice) => choice === value);

/** An email that, when its column is narrow, breaks before the '@' first. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** User management (admin, online): search, role filter, page size, paged table, modals. */
export function UsersScreen() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const me = useCurrentUser();
  const [role, setRole] = useState<Role | ''>('');
  const [perPage, setPerPage] = useState<PerPage>(DEFAULT_USERS_PER_PAGE);
  const [editing, setEditing] = useState<Editing>(null);
  const { setPage, searchInput, list, rows, meta, remove } = useAdminList(
    `${role}|${perPage}`,
    (query) => listUsers({ ...query, role, per_page: perPage }),
  );

  const removeUser = (user: User) =>
    remove(
      t('users.deleteTitle', { name: user.name }),
      async () => {
        await deleteUser(user.id);
        toast.success(t('users.deleted'));
      },
      // A 409 carries the reason (yourself, the last admin): that text is the title.
      (err) => toast.error(failureText(err, t('users.deleteFailed'), t('admin.offline'), online)),
    );

  return (
    <Page
      title={t('pages.users')}
      actions={
        <button
          type="button"
          className="button button-primary"
          onClick={() => setEditing({ mode: 'create' })}
        >
          {t('users.add')}
        </button>
      }
    >
      <OfflineNotice />
      <SchoolLinkPanel />
      <div className="card admin-panel">
        <div className="admin-filters">
          <TextField
            id="users-search"
            label={t('users.search')}
            className="admin-search"
            placeholder={t('users.searchPlaceholder')}
            {...searchInput}
          />
          <SelectField
            id="users-role"
            label={t('users.role')}
            selectClassName="admin-select"
            value={role}
            onChange={(value) => {
              setRole(isRole(value) ? value : '');
              setPage(1);
            }}
          >
            <RoleOptions allLabel={t('users.allRoles')} />
          </SelectField>
          <SelectField
            id="users-per-page"
            label={t('users.perPage')}
            selectClassName="admin-select"
            value={perPage}
            options={PER_PAGE_CHOICES.map((value) => ({
              value: String(value),
              label: String(value),
            }))}
            onChange={(value) => {
              const chosen = Number(value);
              if (isPerPage(chosen)) setPerPage(chosen);
              setPage(1);
            }}
          />
        </div>

        <LoadError error={list.error} onRetry={list.reload} />

        <AdminTable
          caption={t('users.list')}
          columns={[
            t('users.name'),
            t('users.email'),
            t('users.phone'),
            t('users.role'),
            t('users.created'),
          ]}
          testId="users-table"
          className="users-table-wrap"
          loading={list.loading}
          empty={rows.length === 0}
        >
          {rows.map((user) => (
            <tr key={user.id} data-user-email={user.email}>
              <th scope="row" className="admin-name">
                {user.name}
                {me?.id === user.id && <span className="admin-you">{t('users.you')}</span>}
              </th>
              <td data-label={t('users.email')} className="admin-break">
                <EmailText email={user.email} />
                {user.phone !== null && <span className="users-phone-inline">{user.phone}</span>}
              </td>
              <td data-label={t('users.phone')}>{user.phone ?? '—'}</td>
              <td data-label={t('users.role')} data-role={user.role}>
                {roleText(user.role)}
              </td>
              <td data-label={t('users.created')}>
                <time dateTime={user.created_at}>{formatDate(user.created_at, i18n.language)}</time>
              </td>
              <td className="admin-actions-cell">
                <RowActions
                  name={user.name}
                  onEdit={() => setEditing({ mode: 'edit', user })}
                  // The server refuses deleting yourself; the button is not offered.
                  onDelete={me?.id === user.id ? undefined : () => void removeUser(user)}
                />
              </td>
            </tr>
          ))}
        </AdminTable>

        <MetaPager meta={meta} onPage={setPage} label={t('users.pages')} />
      </div>

      {editing !== null && (
        <UserFormModal
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
    </Page>
  );
}
