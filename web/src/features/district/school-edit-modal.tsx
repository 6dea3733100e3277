import { type School } from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import { toast } from '../../client/toast.js';
import { FormModal, useModalForm } from '../../components/ui/form-modal.js';
import { SchoolFields } from './school-fields.js';
import { updateSchool } from './district-api.js';
import {
  schoolEditFormOf,
  schoolFormErrors,
  updateSchoolPayload,
  type SchoolEditForm,
} from './district-logic.js';
import './district-i18n.js';

/** Renames a school and sets the email domains single sign-on puts into it. */
export function SchoolEditModal({
  school,
  onClose,
  onSaved,
}: {
  school: School;
  onClose: () => void;
  onSaved: (school: School) => void;
}) {
  const { t } = useTranslation();
  const { form, text, save, modal } = useModalForm<SchoolEditForm>(
    () => schoolEditFormOf(school),
    t('district.updateFailed'),
    {},
    schoolFormErrors,
  );

  const submit = () =>
    save(updateSchoolPayload(form, school), async (payload) => {
      const saved =
        Object.keys(payload).length === 0 ? school : await updateSchool(school.id, payload);
      toast.success(t('district.saved'));
      onSaved(saved);
    });

  return (
    <FormModal
      title={t('district.editTitle')}
      submitLabel={t('admin.save')}
      {...modal}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="school-edit-modal"
    >
      <SchoolFields text={text} />
    </FormModal>
  );
}
