import { isRole, type User, TEXT_LIMITS } from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import { toast } from '../../client/toast.js';
import { FormModal, useModalForm } from '../../components/ui/form-modal.js';
import { TextField } from '../../components/ui/text-field.js';
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
  const isEdit = editing.mode === 'edit';
  // A field's old message goes once it is edited (the confirmation follows the password).
  const { form, set, text, errors, save, modal } = useModalForm<UserForm>(
    () => (editing.mode === 'edit' ? userFormOf(editing.user) : EMPTY_USER_FORM),
    isEdit ? t('users.updateFailed') : t('users.createFailed'),
    { password: ['password_confirmation'] },
  );

  const submit = () =>
    editing.mode === 'edit'
      ? save(updateUserPayload(form), async (payload) => {
          await updateUser(editing.user.id, payload);
          toast.success(t('users.updated'));
          onSaved();
        })
      : save(createUserPayload(form), async (payload) => {
          await createUser(payload);
          toast.success(t('users.createdOk'));
          onSaved();
        });

  return (
    <FormModal
      title={isEdit ? t('users.editTitle') : t('users.createTitle')}
      submitLabel={isEdit ? t('admin.save') : t('users.create')}
      {...modal}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="user-modal"
    >
      <TextField
        label={t('users.name')}
        {...text('name')}
        maxLength={TEXT_LIMITS.personName}
        required
        autoFocus
        autoComplete="off"
      />
      <TextField
        label={t('users.email')}
        {...text('email')}
        type="email"
        maxLength={TEXT_LIMITS.email}
        required
        autoComplete="off"
      />
      <TextField
        label={`${t('users.phoneField')} ${t('admin.optional')}`}
        {...text('phone')}
        type="tel"
        maxLength={TEXT_LIMITS.phone}
        autoComplete="off"
        {...(isEdit && { hint: t('users.phoneUnchanged') })}
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
        {...text('password')}
        type="password"
        autoComplete="new-password"
        required={!isEdit}
        hint={isEdit ? t('users.passwordUnchanged') : t('users.passwordHint')}
      />
      <TextField
        label={t('users.passwordConfirmation')}
        {...text('password_confirmation')}
        type="password"
        autoComplete="new-password"
        required={!isEdit}
      />
    </FormModal>
  );
}
