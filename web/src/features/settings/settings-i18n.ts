import { registerTexts, type Dictionary } from '../../lib/i18n.js';

const id = {
  deviceStorage: {
    title: 'Penyimpanan perangkat',
    usage: 'Terpakai',
    usageValue: '{{usage}} dari {{quota}}',
    unknown: 'Browser ini tidak memberi tahu pemakaian penyimpanan.',
    persisted: 'Penyimpanan permanen',
    persistedYes: 'Ya, data tidak akan dihapus otomatis oleh browser.',
    persistedNo: 'Belum, browser bisa menghapus data saat ruang penyimpanan menipis.',
    persistedUnknown: 'Tidak diketahui.',
    request: 'Minta penyimpanan permanen',
    granted: 'Penyimpanan permanen diaktifkan.',
    denied: 'Browser belum mengizinkan penyimpanan permanen.',
    pending: 'Perubahan belum terkirim',
    pendingValue_one: '{{count}} perubahan',
    pendingValue_other: '{{count}} perubahan',
  },
};

const en = {
  deviceStorage: {
    title: 'Device storage',
    usage: 'Used',
    usageValue: '{{usage}} of {{quota}}',
    unknown: 'This browser does not report storage usage.',
    persisted: 'Persistent storage',
    persistedYes: 'Yes, the browser will not clear this data on its own.',
    persistedNo: 'Not yet: the browser may clear data when space runs low.',
    persistedUnknown: 'Unknown.',
    request: 'Request persistent storage',
    granted: 'Persistent storage is on.',
    denied: 'The browser did not allow persistent storage yet.',
    pending: 'Unsent changes',
    pendingValue_one: '{{count}} change',
    pendingValue_other: '{{count}} changes',
  },
} satisfies Dictionary<typeof id>;

registerTexts({ id, en });
