import { registerTexts } from '../../../lib/i18n.js';

/** Texts of issue 15: capture times, the order warning, the printable sheet and the period PDF. */
const id = {
  proof: {
    captured: 'Diambil {{time}}',
    capturedUnknown: 'waktu pengambilan tidak diketahui',
    orderWarning_one:
      'Periksa urutan foto: {{count}} foto sebelum diambil setelah foto sesudah. Laporan tetap bisa disimpan.',
    orderWarning_other:
      'Periksa urutan foto: {{count}} foto sebelum diambil setelah foto sesudah. Laporan tetap bisa disimpan.',
    orderFlag: 'Diambil setelah foto sesudah',
    print: 'Cetak / Unduh PDF',
    making: 'Membuat PDF…',
    made: 'PDF dibuat.',
    failed: 'Gagal membuat PDF',
    photosMissing_one: '{{count}} foto belum tersedia di perangkat ini dan tidak dicetak.',
    photosMissing_other: '{{count}} foto belum tersedia di perangkat ini dan tidak dicetak.',
    sheetTitle: 'Laporan Bukti Pekerjaan',
    filedAt: 'Waktu pengajuan',
    noPhoto: 'Tidak ada foto',
    photoNotHere: 'Foto tidak tersedia',
    signReporter: 'Pelapor',
    signChecked: 'Diperiksa oleh',
    signName: 'Nama & tanda tangan',
    printedAt: 'Dicetak {{time}}',
    page: 'Halaman {{n}} dari {{total}}',
    periodPrint: 'Cetak PDF (filter ini)',
    periodTitle: 'Rekap Bukti Pekerjaan',
    periodFilters: 'Filter',
    periodAll: 'Semua laporan',
    periodCount: 'Jumlah laporan',
    periodByStatus: 'Per status',
    periodByWorkType: 'Per jenis pekerjaan',
    periodProgress: 'Menyiapkan laporan {{n}} dari {{total}}…',
    periodListing: 'Mengambil daftar laporan…',
    periodEmpty: 'Tidak ada laporan yang cocok dengan filter.',
    periodTooMany:
      'Terlalu banyak laporan untuk satu PDF ({{count}}). Persempit filter hingga paling banyak {{max}} laporan.',
    periodOffline: 'PDF periode perlu koneksi untuk mengambil laporan dari server.',
    periodCancel: 'Batalkan',
    periodCancelled: 'Pembuatan PDF dibatalkan.',
  },
};

type Dictionary = typeof id;

const en: Dictionary = {
  proof: {
    captured: 'Taken {{time}}',
    capturedUnknown: 'capture time unknown',
    orderWarning_one:
      'Check the photo order: {{count}} before photo was taken after an after photo. You can still save the report.',
    orderWarning_other:
      'Check the photo order: {{count}} before photos were taken after an after photo. You can still save the report.',
    orderFlag: 'Taken after an after photo',
    print: 'Print / Download PDF',
    making: 'Making the PDF…',
    made: 'PDF made.',
    failed: 'Could not make the PDF',
    photosMissing_one: '{{count}} photo is not on this device yet and was not printed.',
    photosMissing_other: '{{count}} photos are not on this device yet and were not printed.',
    sheetTitle: 'Proof of Work Report',
    filedAt: 'Filed',
    noPhoto: 'No photo',
    photoNotHere: 'Photo not available',
    signReporter: 'Reporter',
    signChecked: 'Checked by',
    signName: 'Name & signature',
    printedAt: 'Printed {{time}}',
    page: 'Page {{n}} of {{total}}',
    periodPrint: 'Print PDF (these filters)',
    periodTitle: 'Proof of Work Summary',
    periodFilters: 'Filters',
    periodAll: 'All reports',
    periodCount: 'Reports',
    periodByStatus: 'By status',
    periodByWorkType: 'By work type',
    periodProgress: 'Preparing report {{n}} of {{total}}…',
    periodListing: 'Fetching the report list…',
    periodEmpty: 'No reports match the filters.',
    periodTooMany:
      'Too many reports for one PDF ({{count}}). Narrow the filters to at most {{max}} reports.',
    periodOffline: 'The period PDF needs a connection to fetch the reports from the server.',
    periodCancel: 'Cancel',
    periodCancelled: 'PDF cancelled.',
  },
};

registerTexts({ id, en });
