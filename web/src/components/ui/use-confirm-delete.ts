import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../lib/dialog.js';
import './admin-i18n.js';

/** Asks before deleting a row, in the words every admin list uses; resolves to the answer. */
export function useConfirmDelete(): (title: string) => Promise<boolean> {
  const { t } = useTranslation();
  return (title) =>
    confirmDialog({
      title,
      text: t('admin.deleteText'),
      icon: 'warning',
      confirmLabel: t('admin.delete'),
      cancelLabel: t('admin.cancel'),
      danger: true,
    });
}
