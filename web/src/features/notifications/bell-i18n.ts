import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/** The bell's texts, drawn with the shell (the inbox's own texts load with its screen). */
registerTexts(
  splitTextPairs({
    bell: {
      label: ['Notifikasi', 'Notifications'],
      unread: ['Notifikasi: {{count}} belum dibaca', 'Notifications: {{count}} unread'],
    },
  }),
);
