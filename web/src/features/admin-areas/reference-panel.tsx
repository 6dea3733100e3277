import { TEXT_LIMITS } from '@urs/sync-protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../client/toast.js';
import { failureText } from '../../client/admin-kit.js';
import { AdminTable } from '../../components/ui/admin-table.js';
import { CheckField } from '../../components/ui/check-field.js';
import { FormModal, useModalForm } from '../../components/ui/form-modal.js';
import { LoadError } from '../../components/ui/load-error.js';
import { useOnline } from '../../components/ui/online.js';
import { MetaPager } from '../../components/ui/pager.js';
import { RowActions } from '../../components/ui/row-actions.js';
import { TextAreaField, TextField } from '../../components/ui/text-field.js';
import { useAdminList } from '../../components/ui/use-admin-list.js';
import {
  createReference,
  deleteReference,
  EMPTY_REFERENCE_FORM,
  formOf,
  listReference,
  referencePayload,
  updateReference,
  type ReferenceForm,
  type ReferenceKind,
  type ReferenceRow,
} from './areas-api.js';

type Editing = { mode: 'create' } | { mode: 'edit'; row: ReferenceRow } | null;

/** Search, paged table, add/edit modal and delete for areas or categories. */
export function ReferencePanel({ kind }: { kind: ReferenceKind }) {
  const { t } = useTranslation();
  const online = useOnline();
  const { setPage, searchInput, list, rows, meta, remove } = useAdminList(kind, (query) =>
    listReference(kind, query),
  );
  const [editing, setEditing] = useState<Editing>(null);
  const isAreas = kind === 'areas';
  const offline = t('admin.offline');

  const toggle = async (row: ReferenceRow) => {
    if (!('active' in row)) return;
    try {
      await updateReference(kind, row.id, { active: !row.active });
      toast.success(t(row.active ? 'areas.nowInactive' : 'areas.nowActive', { name: row.name }));
      list.reload();
    } catch (err) {
      toast.error(t('areas.toggleFailed'), failureText(err, '', offline, online) || undefined);
    }
  };

  const removeRow = (row: ReferenceRow) =>
    remove(
      t(isAreas ? 'areas.deleteArea' : 'areas.deleteCategory', { name: row.name }),
      async () => {
        await deleteReference(kind, row.id);
        toast.success(t('admin.deleted'));
      },
      (err) =>
        toast.error(t('areas.deleteFailed'), failureText(err, '', offline, online) || undefined),
    );

  const searchLabel = t(isAreas ? 'areas.searchAreas' : 'areas.searchCategories');

  return (
    <div className="card admin-panel">
      <div className="admin-toolbar">
        <TextField
          id={`search-${kind}`}
          label={searchLabel}
          className="admin-search"
          placeholder={t('areas.searchPlaceholder')}
          {...searchInput}
        />
        <button
          type="button"
          className="button button-primary"
          onClick={() => setEditing({ mode: 'create' })}
        >
          {t(isAreas ? 'areas.addArea' : 'areas.addCategory')}
        </button>
      </div>

      <LoadError error={list.error} onRetry={list.reload} />

      <AdminTable
        caption={t(isAreas ? 'areas.areaList' : 'areas.categoryList')}
        columns={[t('areas.name'), t('areas.description'), ...(isAreas ? [t('areas.status')] : [])]}
        testId={`${kind}-table`}
        loading={list.loading}
        empty={rows.length === 0}
      >
        {rows.map((row) => (
          <tr key={row.id} data-row-name={row.name}>
            <th scope="row" className="admin-name">
              {row.name}
            </th>
            <td className="admin-description" data-label={t('areas.description')}>
              {row.description ?? '—'}
            </td>
            {'active' in row && (
              <td data-label={t('areas.status')}>
                <span
                  className={`admin-badge ${row.active ? 'admin-badge-on' : 'admin-badge-off'}`}
                >
                  {row.active ? t('areas.active') : t('areas.inactive')}
                </span>
              </td>
            )}
            <td className="admin-actions-cell">
              <RowActions
                name={row.name}
                onEdit={() => setEditing({ mode: 'edit', row })}
                onDelete={() => void removeRow(row)}
              >
                {'active' in row && (
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    aria-label={`${row.active ? t('areas.deactivate') : t('areas.activate')} ${row.name}`}
                    onClick={() => void toggle(row)}
                  >
                    {row.active ? t('areas.deactivate') : t('areas.activate')}
                  </button>
                )}
              </RowActions>
            </td>
          </tr>
        ))}
      </AdminTable>

      <MetaPager
        meta={meta}
        onPage={setPage}
        label={t(isAreas ? 'areas.areaPages' : 'areas.categoryPages')}
      />

      {editing !== null && (
        <ReferenceFormModal
          kind={kind}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
    </div>
  );
}

function ReferenceFormModal({
  kind,
  editing,
  onClose,
  onSaved,
}: {
  kind: ReferenceKind;
  editing: Exclude<Editing, null>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const isAreas = kind === 'areas';
  const failTitle =
    editing.mode === 'edit'
      ? t('areas.updateFailed')
      : t(isAreas ? 'areas.addAreaFailed' : 'areas.addCategoryFailed');
  const { form, set, text, errors, save, modal } = useModalForm<ReferenceForm>(
    () => (editing.mode === 'edit' ? formOf(editing.row) : EMPTY_REFERENCE_FORM),
    failTitle,
  );

  const submit = () =>
    save(referencePayload(kind, editing.mode, form), async (payload) => {
      if (editing.mode === 'edit') {
        await updateReference(kind, editing.row.id, payload);
        toast.success(t('areas.saved'));
      } else {
        await createReference(kind, payload);
        toast.success(t(isAreas ? 'areas.areaAdded' : 'areas.categoryAdded'));
      }
      onSaved();
    });

  const title =
    editing.mode === 'edit'
      ? t(isAreas ? 'areas.editArea' : 'areas.editCategory')
      : t(isAreas ? 'areas.addArea' : 'areas.addCategory');

  return (
    <FormModal
      title={title}
      submitLabel={t('admin.save')}
      {...modal}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="reference-modal"
    >
      <TextField
        label={t('areas.name')}
        {...text('name')}
        maxLength={TEXT_LIMITS.referenceName}
        required
        autoFocus
        autoComplete="off"
      />
      <TextAreaField
        id={`description-${kind}`}
        label={
          <>
            {t('areas.description')} <span className="muted">{t('admin.optional')}</span>
          </>
        }
        rows={3}
        maxLength={TEXT_LIMITS.referenceDescription}
        value={form.description}
        errors={errors['description']}
        onChange={(event) => set({ description: event.target.value })}
      />
      {isAreas && (
        <CheckField
          label={<span>{t('areas.activeField')}</span>}
          checked={form.active}
          onChange={(active) => set({ active })}
        />
      )}
    </FormModal>
  );
}
