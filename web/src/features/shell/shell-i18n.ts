import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/*
 * English singulars (i18next's `_one`) of counted texts in lib/i18n-resources.ts. They are only
 * shown inside the signed-in shell, which loads this module, so they stay off the login
 * screen's path. Indonesian has one form: it reads the bare keys, these repeat them.
 */
registerTexts(
  splitTextPairs({
    logout: {
      pendingTitle_one: ['Ada {{count}} perubahan belum terkirim', '{{count}} change not sent yet'],
    },
    sync: {
      pending_one: ['{{count}} belum terkirim', '{{count}} not sent yet'],
      pendingLong_one: ['{{count}} perubahan belum terkirim.', '{{count}} change not sent yet.'],
    },
    announcements: {
      newTitle_one: ['{{count}} pengumuman baru', '{{count}} new announcement'],
    },
  }),
);
