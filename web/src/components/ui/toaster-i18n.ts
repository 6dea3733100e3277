import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/** The toasts' own labels; with the toaster (loaded lazily), not on the first screen's path. */
registerTexts(
  splitTextPairs({
    toasts: {
      region: ['Notifikasi (Alt+T)', 'Notifications (Alt+T)'],
      close: ['Tutup notifikasi', 'Close notification'],
    },
  }),
);
