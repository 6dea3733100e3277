import { isRole, type User } from '@urs/sync-protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.js';
import { failureText, serverFieldErrors } from '../../lib/admin-kit.js';
import { FormModal, TextField, useOnline } from '../../components/ui/admin-ui.js';
import {
  createUser,
  createUserPayload,
  EMPTY_USER_FORM,
  updateUser,
  updateUserPayload,
  userFormOf,
  type UserForm,
} from './users-api.js';
import './users-i18n.js';
import { RoleOptions } from '../../components/ui/role-options.js';
import { SelectField } from '../../components/ui/select-field.js';

/** Create or edit a user; client checks use the server's schema, server errors land per field. */
export function UserFormModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: { mode: 'create' } | { mode: 'edit'; user: User };
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const isEdit = editing.mode === 'edit';
  const [form, setForm] = useState<UserForm>(
    editing.mode === 'edit' ? userFormOf(editing.user) : EMPTY_USER_FORM,
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<UserForm>) => {
    setForm((previous) => ({ ...previous, ...patch }));
    // A field's old message goes once it is edited (the confirmation follows the password).
    setErrors((previous) => {
      const next = { ...previous };
      for (const key of Object.keys(patch)) delete next[key];
      if ('password' in patch) delete next['password_confirmation'];
      return next;
    });
  };
  const failTitle = isEdit ? t('users.updateFailed') : t('users.createFailed');

  const showFailure = (err: unknown) => {
    const fields = serverFieldErrors(err);
    setErrors(fields);
    const detail = failureText(err, '', t('admin.offline'), online);
    setFormError(Object.keys(fields).length > 0 || detail === '' ? null : detail);
    toast.error(failTitle, detail === '' ? undefined : detail);
  };

  const submit = async () => {
    setFormError(null);
    if (editing.mode === 'edit') {
      const checked = updateUserPayload(form);
      if (!checked.ok) return setErrors(checked.errors);
      setErrors({});
      setBusy(true);
      try {
        await updateUser(editing.user.id, checked.payload);
        toast.success(t('users.updated'));
        onSaved();
      } catch (err) {
        showFailure(err);
        setBusy(false);
      }
      return;
    }
    const checked = createUserPayload(form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      await createUser(checked.payload);
      toast.success(t('users.createdOk'));
      onSaved();
    } catch (err) {
      showFailure(err);
      setBusy(false);
    }
  };

  return (
    <FormModal
      title={isEdit ? t('users.editTitle') : t('users.createTitle')}
      submitLabel={isEdit ? t('admin.save') : t('users.create')}
      busy={busy}
      error={formError}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="user-modal"
    >
      <TextField
        label={t('users.name')}
        name="name"
        value={form.name}
        maxLength={120}
        required
        autoFocus
        autoComplete="off"
        errors={errors['name']}
        onChange={(event) => set({ name: event.target.value })}
      />
      <TextField
        label={t('users.email')}
        name="email"
        type="email"
        value={form.email}
        maxLength={190}
        required
        autoComplete="off"
        errors={errors['email']}
        onChange={(event) => set({ email: event.target.value })}
      />
      <TextField
        label={`${t('users.phoneField')} ${t('admin.optional')}`}
        name="phone"
        type="tel"
        value={form.phone}
        maxLength={32}
        autoComplete="off"
        {...(isEdit && { hint: t('users.phoneUnchanged') })}
        errors={errors['phone']}
        onChange={(event) => set({ phone: event.target.value })}
      />
      <SelectField
        label={t('users.role')}
        value={form.role}
        errors={errors['role']}
        onChange={(value) => {
          if (isRole(value)) set({ role: value });
        }}
      >
        <RoleOptions />
      </SelectField>
      <TextField
        label={t('users.password')}
        name="password"
        type="password"
        value={form.password}
        autoComplete="new-password"
        required={!isEdit}
        hint={isEdit ? t('users.passwordUnchanged') : t('users.passwordHint')}
        errors={errors['password']}
        onChange={(event) => set({ password: event.target.value })}
      />
      <TextField
        label={t('users.passwordConfirmation')}
        name="password_confirmation"
        type="password"
        value={form.password_confirmation}
        autoComplete="new-password"
        required={!isEdit}
        errors={errors['password_confirmation']}
        onChange={(event) => set({ password_confirmation: event.target.value })}
      />
    </FormModal>
  );
}
