import { TEXT_LIMITS, type School } from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import { toast } from '../../client/toast.js';
import { FormModal, useModalForm } from '../../components/ui/form-modal.js';
import { TextField } from '../../components/ui/text-field.js';
import { SchoolFields } from './school-fields.js';
import { createSchool } from './district-api.js';
import {
  createSchoolPayload,
  EMPTY_SCHOOL_FORM,
  schoolFormErrors,
  type SchoolCreateForm,
} from './district-logic.js';
import './district-i18n.js';
import './district.css';

/**
 * A new school and its first administrator in one form: the server creates both together, so
 * a school never stands without an admin. Checked with the contract's schema first; the
 * server's refusals (a taken school name or email) land on their fields.
 */
export function SchoolCreateModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (school: School) => void;
}) {
  const { t } = useTranslation();
  const { form, text, save, modal } = useModalForm<SchoolCreateForm>(
    () => EMPTY_SCHOOL_FORM,
    t('district.createFailed'),
    { admin_password: ['admin_password_confirmation'] },
    schoolFormErrors,
  );

  const submit = () =>
    save(createSchoolPayload(form), async (payload) => {
      const { school } = await createSchool(payload);
      toast.success(t('district.createdOk', { name: school.name }));
      onCreated(school);
    });

  return (
    <FormModal
      title={t('district.createTitle')}
      submitLabel={t('district.create')}
      {...modal}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="school-create-modal"
    >
      <h3 className="district-form-part">{t('district.schoolPart')}</h3>
      <SchoolFields text={text} />
      <h3 className="district-form-part">{t('district.adminPart')}</h3>
      <p className="muted district-form-hint">{t('district.adminPartHint')}</p>
      <TextField
        label={t('district.adminName')}
        {...text('admin_name')}
        maxLength={TEXT_LIMITS.personName}
        required
        autoComplete="off"
      />
      <TextField
        label={t('district.adminEmail')}
        {...text('admin_email')}
        type="email"
        maxLength={TEXT_LIMITS.email}
        required
        autoComplete="off"
      />
      <TextField
        label={`${t('district.adminPhone')} ${t('admin.optional')}`}
        {...text('admin_phone')}
        type="tel"
        maxLength={TEXT_LIMITS.phone}
        autoComplete="off"
      />
      <TextField
        label={t('auth.password')}
        {...text('admin_password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.passwordHint')}
      />
      <TextField
        label={t('auth.passwordConfirmation')}
        {...text('admin_password_confirmation')}
        type="password"
        autoComplete="new-password"
        required
      />
    </FormModal>
  );
}
