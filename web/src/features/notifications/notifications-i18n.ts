import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/** The inbox's texts (Indonesian first, English second); a notification's own come from the contract. */
registerTexts(
  splitTextPairs({
    inbox: {
      title: ['Notifikasi', 'Notifications'],
      empty: [
        'Belum ada notifikasi. Tugas, permintaan barang, pengumuman dan stok menipis yang perlu Anda tangani akan muncul di sini.',
        'No notifications yet. Jobs, item requests, announcements and low stock that need you will show up here.',
      ],
      loading: ['Memuat…', 'Loading…'],
      markAllRead: ['Tandai semua dibaca', 'Mark all as read'],
      markedAllRead: ['Semua notifikasi ditandai dibaca', 'All notifications marked as read'],
      markFailed: ['Gagal menandai notifikasi dibaca', 'Failed to mark the notification as read'],
      unread: ['Belum dibaca', 'Unread'],
      urgent: ['Mendesak', 'Urgent'],
      list: ['Daftar notifikasi', 'Notification list'],
    },
    push: {
      state: {
        off: [
          'Notifikasi di ponsel ini mati. Nyalakan agar tugas dan persetujuan sampai walau aplikasi tertutup.',
          'Notifications are off on this phone. Turn them on so jobs and approvals reach you even when the app is closed.',
        ],
        on: ['Notifikasi di ponsel ini menyala.', 'Notifications are on for this phone.'],
        denied: [
          'Notifikasi diblokir untuk situs ini, jadi tidak ada yang muncul di ponsel saat aplikasi tertutup. Daftar ini dan angka di lonceng tetap diperbarui setiap kali aplikasi tersinkron. Untuk menyalakannya, izinkan notifikasi di pengaturan browser, lalu buka halaman ini lagi.',
          "Notifications are blocked for this site, so nothing shows on the phone while the app is closed. This list and the bell's number still update whenever the app syncs. To turn them on, allow notifications in the browser's settings, then open this page again.",
        ],
        unsupported: [
          'Browser ini tidak mendukung notifikasi. Daftar ini tetap diperbarui setiap kali aplikasi tersinkron.',
          'This browser does not support notifications. This list still updates whenever the app syncs.',
        ],
        'ios-install': [
          'Di iPhone dan iPad, notifikasi hanya untuk aplikasi di layar utama: di Safari ketuk Bagikan, pilih "Tambahkan ke Layar Utama", lalu buka URS dari layar utama dan nyalakan di sini.',
          'On iPhone and iPad, notifications are only for apps on the home screen: in Safari tap Share, choose "Add to Home Screen", then open URS from the home screen and turn them on here.',
        ],
      },
      turnOn: ['Nyalakan notifikasi', 'Turn on notifications'],
      turnOff: ['Matikan di ponsel ini', 'Turn off on this phone'],
      turnedOn: ['Notifikasi dinyalakan', 'Notifications turned on'],
      turnedOff: ['Notifikasi dimatikan di ponsel ini', 'Notifications turned off on this phone'],
      failed: ['Gagal mengatur notifikasi', 'Failed to set up notifications'],
    },
    prefs: {
      title: ['Pengaturan notifikasi', 'Notification settings'],
      intro: [
        'Semua notifikasi selalu masuk ke daftar ini. Di sini Anda memilih mana yang juga dikirim ke ponsel.',
        'Every notification always reaches this list. Here you choose which ones also go to your phone.',
      ],
      pushKinds: ['Kirim ke ponsel', 'Send to the phone'],
      kinds: {
        job_assigned: ['Pekerjaan ditugaskan kepada Anda', 'A job assigned to you'],
        job_taken: ['Pekerjaan dialihkan dari Anda', 'A job taken from you'],
        job_commented: ['Komentar pada pekerjaan Anda', 'A comment on your job'],
        report_status: ['Status laporan Anda berubah', "Your report's status changed"],
        request_approved: ['Permintaan barang disetujui', 'An item request approved'],
        request_rejected: ['Permintaan barang ditolak', 'An item request rejected'],
        announcement: ['Pengumuman', 'Announcements'],
        round_due: ['Ronde segera jatuh tempo', 'A round due soon'],
        round_missed: ['Ronde terlewat', 'A round missed'],
        low_stock: ['Stok menipis', 'Low stock'],
      },
      announcements: ['Pengumuman yang dikirim ke ponsel', 'Announcements sent to the phone'],
      announcementsImportant: ['Hanya yang penting', 'Important ones only'],
      announcementsAll: ['Semua pengumuman', 'Every announcement'],
      quiet: ['Jam tenang', 'Quiet hours'],
      quietOn: [
        'Jam tenang (waktu sekolah): hanya pekerjaan mendesak yang dikirim',
        "Quiet hours (the school's time): only urgent jobs are sent",
      ],
      quietStart: ['Mulai', 'From'],
      quietEnd: ['Sampai', 'Until'],
      saved: ['Pengaturan notifikasi disimpan', 'Notification settings saved'],
      saveFailed: [
        'Gagal menyimpan pengaturan notifikasi',
        'Failed to save the notification settings',
      ],
    },
  }),
);
