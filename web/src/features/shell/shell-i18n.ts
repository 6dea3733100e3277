import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/*
 * Texts only the signed-in shell shows, so they stay off the login screen's path: the local
 * data gate's (local-data-gate.tsx), and the English singulars (i18next's `_one`) of counted
 * texts in lib/i18n-resources.ts. Indonesian has one form: it reads the bare keys, these
 * repeat them.
 */
registerTexts(
  splitTextPairs({
    logout: {
      pendingTitle_one: ['Ada {{count}} perubahan belum terkirim', '{{count}} change not sent yet'],
    },
    nav: {
      tasksOpen_one: [
        '{{count}} tugas terbuka, {{overdue}} terlambat',
        '{{count}} open task, {{overdue}} overdue',
      ],
    },
    sync: {
      pending_one: ['{{count}} belum terkirim', '{{count}} not sent yet'],
      pendingLong_one: ['{{count}} perubahan belum terkirim.', '{{count}} change not sent yet.'],
    },
    shell: {
      preparingData: ['Menyiapkan data untuk akun ini…', "Preparing this account's data…"],
      dataNotReady: [
        'Data di perangkat ini belum bisa disiapkan untuk akun ini.',
        "This device's data could not be prepared for this account.",
      ],
      tryAgain: ['Coba lagi', 'Try again'],
    },
    announcements: {
      newTitle_one: ['{{count}} pengumuman baru', '{{count}} new announcement'],
    },
  }),
);
