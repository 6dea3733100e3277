import { registerTexts } from '../../../lib/i18n.js';
import { splitTextPairs } from '../../../lib/text-pairs.js';

/** Texts of issue 15: capture times, the order warning, the printable sheet and the period PDF. */
const texts = splitTextPairs({
  proof: {
    captured: ['Diambil {{time}}', 'Taken {{time}}'],
    capturedUnknown: ['waktu pengambilan tidak diketahui', 'capture time unknown'],
    orderWarning_one: [
      'Periksa urutan foto: {{count}} foto sebelum diambil setelah foto sesudah. Laporan tetap bisa disimpan.',
      'Check the photo order: {{count}} before photo was taken after an after photo. You can still save the report.',
    ],
    orderWarning_other: [
      'Periksa urutan foto: {{count}} foto sebelum diambil setelah foto sesudah. Laporan tetap bisa disimpan.',
      'Check the photo order: {{count}} before photos were taken after an after photo. You can still save the report.',
    ],
    orderFlag: ['Diambil setelah foto sesudah', 'Taken after an after photo'],
    print: ['Cetak / Unduh PDF', 'Print / Download PDF'],
    making: ['Membuat PDF…', 'Making the PDF…'],
    made: ['PDF dibuat.', 'PDF made.'],
    failed: ['Gagal membuat PDF', 'Could not make the PDF'],
    photosMissing_one: [
      '{{count}} foto belum tersedia di perangkat ini dan tidak dicetak.',
      '{{count}} photo is not on this device yet and was not printed.',
    ],
    photosMissing_other: [
      '{{count}} foto belum tersedia di perangkat ini dan tidak dicetak.',
      '{{count}} photos are not on this device yet and were not printed.',
    ],
    sheetTitle: ['Laporan Bukti Pekerjaan', 'Proof of Work Report'],
    filedAt: ['Waktu pengajuan', 'Filed'],
    noPhoto: ['Tidak ada foto', 'No photo'],
    photoNotHere: ['Foto tidak tersedia', 'Photo not available'],
    signReporter: ['Pelapor', 'Reporter'],
    signChecked: ['Diperiksa oleh', 'Checked by'],
    signName: ['Nama & tanda tangan', 'Name & signature'],
    printedAt: ['Dicetak {{time}}', 'Printed {{time}}'],
    page: ['Halaman {{n}} dari {{total}}', 'Page {{n}} of {{total}}'],
    periodPrint: ['Cetak PDF (filter ini)', 'Print PDF (these filters)'],
    periodTitle: ['Rekap Bukti Pekerjaan', 'Proof of Work Summary'],
    periodFilters: ['Filter', 'Filters'],
    periodAll: ['Semua laporan', 'All reports'],
    periodCount: ['Jumlah laporan', 'Reports'],
    periodByStatus: ['Per status', 'By status'],
    periodByWorkType: ['Per jenis pekerjaan', 'By work type'],
    periodProgress: [
      'Menyiapkan laporan {{n}} dari {{total}}…',
      'Preparing report {{n}} of {{total}}…',
    ],
    periodListing: ['Mengambil daftar laporan…', 'Fetching the report list…'],
    periodEmpty: ['Tidak ada laporan yang cocok dengan filter.', 'No reports match the filters.'],
    periodTooMany: [
      'Terlalu banyak laporan untuk satu PDF ({{count}}). Persempit filter hingga paling banyak {{max}} laporan.',
      'Too many reports for one PDF ({{count}}). Narrow the filters to at most {{max}} reports.',
    ],
    periodTooManyPhotos: [
      'Terlalu banyak foto untuk satu PDF (lebih dari {{max}}). Persempit filter.',
      'Too many photos for one PDF (more than {{max}}). Narrow the filters.',
    ],
    periodOffline: [
      'PDF periode perlu koneksi untuk mengambil laporan dari server.',
      'The period PDF needs a connection to fetch the reports from the server.',
    ],
    periodCancel: ['Batalkan', 'Cancel'],
    periodCancelled: ['Pembuatan PDF dibatalkan.', 'PDF cancelled.'],
  },
});

registerTexts(texts);
