import { confirmDialog } from './dialog.js';
import { t } from '../lib/i18n.js';

/**
 * Asks before a refused change is thrown away: it is the user's own work, and once discarded it
 * is gone from the device. `what` names it ("Laporan: Taman Depan · Daun..."). True to discard.
 */
export function confirmDiscardRefused(what: string): Promise<boolean> {
  return confirmDialog({
    title: t('sync.discardTitle'),
    text: t('sync.discardText', { what }),
    icon: 'warning',
    confirmLabel: t('sync.discardConfirm'),
    danger: true,
  });
}
