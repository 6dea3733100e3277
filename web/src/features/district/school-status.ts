import type { School } from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../client/admin-kit.js';
import { confirmDialog } from '../../client/dialog.js';
import { toast } from '../../client/toast.js';
import { useOnline } from '../../components/ui/online.js';
import { updateSchool } from './district-api.js';
import './district-i18n.js';

/**
 * Deactivating or activating a school again, after a confirmation that says what it means:
 * its users cannot sign in (and are signed out), and nothing is deleted. Resolves with the
 * school as the server now has it, or null when the admin stayed or it failed (a toast says).
 */
export function useSchoolStatus(): (school: School) => Promise<School | null> {
  const { t } = useTranslation();
  const online = useOnline();
  return async (school) => {
    const deactivating = school.active;
    const confirmed = await confirmDialog({
      title: t(deactivating ? 'district.deactivateTitle' : 'district.activateTitle', {
        name: school.name,
      }),
      text: t(deactivating ? 'district.deactivateText' : 'district.activateText'),
      icon: deactivating ? 'warning' : 'question',
      confirmLabel: t(deactivating ? 'district.deactivate' : 'district.activate'),
      cancelLabel: t('admin.cancel'),
      danger: deactivating,
    });
    if (!confirmed) return null;
    try {
      const saved = await updateSchool(school.id, { active: !deactivating });
      toast.success(
        t(deactivating ? 'district.nowInactive' : 'district.nowActive', { name: saved.name }),
      );
      return saved;
    } catch (err) {
      toast.error(
        t('district.statusFailed'),
        failureText(err, '', t('admin.offline'), online) || undefined,
      );
      return null;
    }
  };
}
