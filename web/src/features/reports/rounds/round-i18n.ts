import { registerTexts } from '../../../lib/i18n.js';
import { splitTextPairs } from '../../../lib/text-pairs.js';

/**
 * The texts of rounds (decision 030): the cards on `/tasks`, the round screen, the admin's
 * templates, compliance and calendar. Merged into the app dictionaries on first import.
 */
const texts = splitTextPairs({
  rounds: {
    badge: ['Rutinitas', 'Round'],
    items: ['{{count}} butir', '{{count}} items'],
    done: ['Selesai', 'Done'],
    doneToday: ['Selesai hari ini', 'Done today'],
    doneBy: ['Dikerjakan {{name}}, {{time}}', 'Done by {{name}}, {{time}}'],
    alreadyDone: [
      'Sudah dikerjakan {{name}} pukul {{time}}. Hasil Anda tetap disimpan.',
      'Already done by {{name}} at {{time}}. Your answers are kept too.',
    ],
    someone: ['orang lain', 'someone else'],
    open: ['Kerjakan', 'Do it'],
    notFound: ['Rutinitas tidak ditemukan di perangkat ini.', 'This round is not on this device.'],
    notScheduled: [
      'Rutinitas ini tidak terjadwal pada hari itu.',
      'This round is not due that day.',
    ],
    pass: ['Baik', 'Pass'],
    fail: ['Gagal', 'Fail'],
    na: ['T/A', 'N/A'],
    failShort: ['gagal', 'failed'],
    number: ['Angka', 'Number'],
    text: ['Jawaban singkat', 'Short answer'],
    note: ['Catatan', 'Note'],
    addNote: ['Tambah catatan', 'Add a note'],
    roundNote: ['Catatan rutinitas (opsional)', 'Note on the round (optional)'],
    photo: ['Foto', 'Photo'],
    photoRequired: ['Wajib foto', 'Photo required'],
    photoOnFail: ['Foto jika gagal', 'Photo if failed'],
    takePhoto: ['Ambil foto', 'Take a photo'],
    removePhoto: ['Hapus foto', 'Remove the photo'],
    raise: ['Laporkan masalah ini', 'Report this problem'],
    raiseOn: ['Akan dilaporkan', 'Will be reported'],
    raiseArea: ['Area laporan', "The report's area"],
    raised: ['Laporan dibuat', 'Report filed'],
    openReport: ['Buka laporan', 'Open the report'],
    submit: ['Kirim rutinitas', 'Submit the round'],
    submitted: [
      'Rutinitas tersimpan. Terkirim saat online.',
      'Round saved. It is sent when online.',
    ],
    fixErrors: ['Periksa butir yang ditandai.', 'Check the marked items.'],
    answered: ['{{done}} dari {{count}} dijawab', '{{done}} of {{count}} answered'],
    completedAt: ['Diselesaikan', 'Completed'],
    proof: ['Cetak bukti (PDF)', 'Print the proof (PDF)'],
    back: ['Kembali ke tugas', 'Back to tasks'],
    unsynced: ['Belum terkirim', 'Not sent yet'],
    area: ['Area', 'Area'],
    areas: ['Area', 'Areas'],
    dueAt: ['Tenggat {{time}}', 'Due {{time}}'],
    dueEnd: ['Tenggat akhir hari', 'Due by the end of the day'],
    dayOf: ['Tanggal {{date}}', 'For {{date}}'],
  },
  dashboard: {
    roundsTitle: ['Rutinitas hari ini', "Today's rounds"],
    roundsDone: ['Selesai', 'Done'],
    roundsDue: ['Terjadwal', 'Due'],
    roundsOpen: ['Buka rutinitas', 'Open rounds'],
  },
  proof: {
    roundTitle: ['Bukti Rutinitas', 'Round Proof'],
    roundDay: ['Hari rutinitas', 'Day of the round'],
    roundId: ['ID penyelesaian', 'Completion ID'],
    checklist: ['Daftar periksa', 'Checklist'],
  },
});

registerTexts(texts);
