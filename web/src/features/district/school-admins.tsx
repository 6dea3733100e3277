import type { User } from '@urs/sync-protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../client/admin-kit.js';
import { confirmDialog } from '../../client/dialog.js';
import { toast } from '../../client/toast.js';
import { AdminTable } from '../../components/ui/admin-table.js';
import { LoadError } from '../../components/ui/load-error.js';
import { useOnline } from '../../components/ui/online.js';
import { RowActions } from '../../components/ui/row-actions.js';
import { useRemote } from '../../components/ui/use-remote.js';
import { UserFormModal, type UserFormTarget } from '../admin-users/index.js';
import {
  createSchoolAdmin,
  deleteSchoolAdmin,
  listSchoolAdmins,
  updateSchoolAdmin,
} from './district-api.js';
import './district-i18n.js';
import './district.css';

type Editing = { mode: 'create' } | { mode: 'edit'; user: User } | null;

/**
 * One school's administrators, managed from the district: the school's own user form, pointed
 * at this school's admins (the role is always admin). The server keeps its rules: an email is
 * unique, and the school's last admin stays.
 */
export function SchoolAdmins({ schoolId }: { schoolId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [editing, setEditing] = useState<Editing>(null);
  const admins = useRemote(`school-admins|${schoolId}`, () => listSchoolAdmins(schoolId));
  const rows = admins.data ?? [];

  const target: UserFormTarget = {
    create: (payload) => createSchoolAdmin(schoolId, payload),
    update: (id, payload) => updateSchoolAdmin(schoolId, id, payload),
    fixedRole: 'admin',
    texts: {
      createTitle: t('district.adminCreateTitle'),
      editTitle: t('district.adminEditTitle'),
      create: t('district.adminCreate'),
      created: t('district.adminCreated'),
      updated: t('district.adminUpdated'),
    },
  };

  const remove = async (user: User) => {
    const confirmed = await confirmDialog({
      title: t('district.adminDeleteTitle', { name: user.name }),
      text: t('admin.deleteText'),
      icon: 'warning',
      confirmLabel: t('admin.delete'),
      cancelLabel: t('admin.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deleteSchoolAdmin(schoolId, user.id);
      toast.success(t('district.adminDeleted'));
      admins.reload();
    } catch (err) {
      // The last admin of a school is refused with its reason: that text is the toast's.
      toast.error(failureText(err, t('district.adminDeleteFailed'), t('admin.offline'), online));
    }
  };

  return (
    <section className="card district-section" aria-labelledby="school-admins">
      <div className="district-section-head">
        <h2 id="school-admins">{t('district.admins')}</h2>
        <button
          type="button"
          className="button button-primary"
          onClick={() => setEditing({ mode: 'create' })}
        >
          {t('district.addAdmin')}
        </button>
      </div>
      <LoadError error={admins.error} onRetry={admins.reload} />
      <AdminTable
        caption={t('district.admins')}
        columns={[t('district.adminName'), t('district.email'), t('district.phone')]}
        testId="school-admins-table"
        loading={admins.loading}
        empty={rows.length === 0}
      >
        {rows.map((user) => (
          <tr key={user.id} data-user-email={user.email}>
            <th scope="row" className="admin-name">
              {user.name}
            </th>
            <td data-label={t('district.email')} className="admin-break">
              {user.email}
            </td>
            <td data-label={t('district.phone')}>{user.phone ?? '—'}</td>
            <td className="admin-actions-cell">
              <RowActions
                name={user.name}
                onEdit={() => setEditing({ mode: 'edit', user })}
                onDelete={() => void remove(user)}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
      {editing !== null && (
        <UserFormModal
          editing={editing}
          target={target}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            admins.reload();
          }}
        />
      )}
    </section>
  );
}
