import {
  isRole,
  type AdminUserCreateInput,
  type AdminUserUpdateInput,
  type Role,
  type User,
  TEXT_LIMITS,
} from '@urs/sync-protocol';
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

/**
 * Where the form's users go: the school's own user list by default; the district screens give
 * one school's administrators (a fixed role, so the form asks none) and their own words.
 */
export interface UserFormTarget {
  create: (payload: AdminUserCreateInput) => Promise<unknown>;
  update: (id: string, payload: AdminUserUpdateInput) => Promise<unknown>;
  /** Every user saved here has this role: the role field is not shown. */
  fixedRole?: Role;
  /** The modal's titles, submit label and success toasts, where they are not the users screen's. */
  texts?: {
    createTitle: string;
    editTitle: string;
    create: string;
    created: string;
    updated: string;
  };
}

const SCHOOL_USERS: UserFormTarget = { create: createUser, update: updateUser };

/** Create or edit a user; client checks use the server's schema, server errors land per field. */
export function UserFormModal({
  editing,
  onClose,
  onSaved,
  target = SCHOOL_USERS,
}: {
  editing: { mode: 'create' } | { mode: 'edit'; user: User };
  onClose: () => void;
  onSaved: () => void;
  target?: UserFormTarget;
}) {
  const { t } = useTranslation();
  const isEdit = editing.mode === 'edit';
  const { fixedRole } = target;
  const texts = target.texts ?? {
    createTitle: t('users.createTitle'),
    editTitle: t('users.editTitle'),
    create: t('users.create'),
    created: t('users.createdOk'),
    updated: t('users.updated'),
  };
  // A field's old message goes once it is edited (the confirmation follows the password).
  const { form, set, text, errors, save, modal } = useModalForm<UserForm>(
    () => {
      const initial = editing.mode === 'edit' ? userFormOf(editing.user) : EMPTY_USER_FORM;
      return fixedRole === undefined ? initial : { ...initial, role: fixedRole };
    },
    isEdit ? t('users.updateFailed') : t('users.createFailed'),
    { password: ['password_confirmation'] },
  );

  const submit = () =>
    editing.mode === 'edit'
      ? save(updateUserPayload(form), async (payload) => {
          await target.update(editing.user.id, payload);
          toast.success(texts.updated);
          onSaved();
        })
      : save(createUserPayload(form), async (payload) => {
          await target.create(payload);
          toast.success(texts.created);
          onSaved();
        });

  return (
    <FormModal
      title={isEdit ? texts.editTitle : texts.createTitle}
      submitLabel={isEdit ? t('admin.save') : texts.create}
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
      {fixedRole === undefined && (
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
      )}
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
