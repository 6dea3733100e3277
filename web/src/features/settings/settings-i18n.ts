import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

const texts = splitTextPairs({
  notificationsCard: {
    title: ['Notifikasi', 'Notifications'],
    text: [
      'Notifikasi di ponsel ini, jenis yang dikirim dan jam tenang diatur di halaman Notifikasi.',
      'Notifications on this phone, which kinds are sent and quiet hours are set on the Notifications page.',
    ],
    open: ['Atur notifikasi', 'Notification settings'],
  },
  deviceStorage: {
    title: ['Penyimpanan perangkat', 'Device storage'],
    usage: ['Terpakai', 'Used'],
    usageValue: ['{{usage}} dari {{quota}}', '{{usage}} of {{quota}}'],
    unknown: [
      'Browser ini tidak memberi tahu pemakaian penyimpanan.',
      'This browser does not report storage usage.',
    ],
    persisted: ['Penyimpanan permanen', 'Persistent storage'],
    persistedYes: [
      'Ya, data tidak akan dihapus otomatis oleh browser.',
      'Yes, the browser will not clear this data on its own.',
    ],
    persistedNo: [
      'Belum, browser bisa menghapus data saat ruang penyimpanan menipis.',
      'Not yet: the browser may clear data when space runs low.',
    ],
    persistedUnknown: ['Tidak diketahui.', 'Unknown.'],
    request: ['Minta penyimpanan permanen', 'Request persistent storage'],
    granted: ['Penyimpanan permanen diaktifkan.', 'Persistent storage is on.'],
    denied: [
      'Browser belum mengizinkan penyimpanan permanen.',
      'The browser did not allow persistent storage yet.',
    ],
    pending: ['Perubahan belum terkirim', 'Unsent changes'],
    pendingValue_one: ['{{count}} perubahan', '{{count}} change'],
    pendingValue_other: ['{{count}} perubahan', '{{count}} changes'],
  },
});

registerTexts(texts);
