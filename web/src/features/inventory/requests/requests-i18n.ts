import type { ProblemCode } from './form/request-form-logic.js';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '../../../lib/i18n.js';
import { splitTextPairs } from '../../../lib/text-pairs.js';

/**
 * Texts of the inventory screen's requests tab, each as [Indonesian, English], under
 * `inventory.requests`. The spec's strings (§5 validation pairs, §8 toasts) are kept verbatim in
 * Indonesian; English mirrors them. Exported so tests can hold the spec's strings against them.
 */
export const REQUEST_TEXTS = splitTextPairs({
  filters: ['Filter permintaan', 'Request filters'],
  statusFilter: ['Status permintaan', 'Request status'],
  statusAll: ['Semua', 'All'],
  statuses: {
    pending: ['Menunggu', 'Pending'],
    approved: ['Disetujui', 'Approved'],
    rejected: ['Ditolak', 'Rejected'],
  },
  types: { stock: ['Barang gudang', 'Warehouse item'], custom: ['Barang baru', 'New item'] },
  search: ['Cari permintaan', 'Search requests'],
  searchPlaceholder: ['Nomor atau nama barang…', 'Number or item name…'],
  newRequest: ['Ajukan permintaan', 'Request an item'],
  export: ['Ekspor Excel', 'Export to Excel'],
  exporting: ['Mengekspor…', 'Exporting…'],
  exported: ['File {{name}} diunduh.', 'Downloaded {{name}}.'],
  exportFailed: ['Gagal mengekspor permintaan barang', 'Could not export the item requests'],
  exportOffline: ['Ekspor memerlukan koneksi internet.', 'Export needs an internet connection.'],
  list: ['Daftar permintaan barang', 'Item request list'],
  loading: ['Memuat…', 'Loading…'],
  empty: ['Belum ada permintaan barang.', 'No item requests yet.'],
  emptyFiltered: [
    'Tidak ada permintaan yang cocok dengan filter.',
    'No requests match the filters.',
  ],
  awaitingNumber: ['Bernomor setelah terkirim', 'Numbered once sent'],
  unknownItem: ['Barang tidak dikenal', 'Unknown item'],
  unknownUser: ['Pengguna', 'User'],
  quantity: ['Jumlah', 'Quantity'],
  requester: ['Pemohon', 'Requester'],
  neededDate: ['Dibutuhkan', 'Needed'],
  noNeededDate: ['Tanpa tanggal', 'No date'],
  unsynced: ['Belum terkirim', 'Not sent yet'],
  refused: ['Ditolak server', 'Refused by server'],
  pager: ['Halaman daftar permintaan', 'Request list pages'],
  createFailed: ['Gagal membuat permintaan barang', 'Failed to create item request'],
  created: ['Permintaan barang dikirim.', 'Item request sent.'],
  createdOffline: [
    'Permintaan disimpan di perangkat dan akan dikirim saat online.',
    'Request saved on this device; it will be sent when online.',
  ],
  form: {
    title: ['Ajukan permintaan barang', 'Request an item'],
    fixTitle: ['Perbaiki permintaan barang', 'Correct the item request'],
    refused: [
      'Server menolak permintaan ini: {{reason}} Perbaiki isiannya lalu kirim untuk mengirim ulang.',
      'The server refused this request: {{reason}} Correct it and send it again.',
    ],
    type: ['Jenis permintaan', 'Request type'],
    typeHints: {
      stock: [
        'Minta barang yang sudah ada di gudang.',
        'Ask for an item the warehouse already has.',
      ],
      custom: [
        'Ajukan barang baru yang belum ada di gudang.',
        'Propose a new item the warehouse does not have.',
      ],
    },
    itemSearch: ['Cari barang', 'Search items'],
    itemSearchPlaceholder: ['Nama atau SKU…', 'Name or SKU…'],
    item: ['Barang', 'Item'],
    itemChoose: ['Pilih barang', 'Choose an item'],
    itemNone: ['Tidak ada barang aktif yang cocok.', 'No active item matches.'],
    itemStock: ['{{name}} (stok {{stock}} {{unit}})', '{{name}} (stock {{stock}} {{unit}})'],
    itemBelowZero: [
      '{{name}} (stok {{stock}} {{unit}}: minus, perlu dikoreksi)',
      '{{name}} (stock {{stock}} {{unit}}: below zero, needs correcting)',
    ],
    belowZeroNote: [
      'Stok {{name}} tercatat {{stock}} {{unit}}, di bawah nol: staf inventori perlu mengoreksinya. Permintaan tetap bisa dikirim.',
      'The recorded stock of {{name}} is {{stock}} {{unit}}, below zero: the inventory staff need to correct it. The request can still be sent.',
    ],
    customName: ['Nama barang', 'Item name'],
    storeLink: ['Tautan toko', 'Store link'],
    storeLinkHint: [
      'Opsional. Contoh: https://toko.contoh/produk',
      'Optional. Example: https://shop.example/product',
    ],
    image: ['Gambar produk', 'Product image'],
    imageHint: ['JPG, PNG, atau WEBP, maksimal 10 MB.', 'JPG, PNG or WEBP, at most 10 MB.'],
    pickImage: ['Pilih gambar', 'Choose image'],
    camera: ['Ambil foto', 'Take photo'],
    replaceImage: ['Ganti gambar', 'Replace image'],
    removeImage: ['Hapus gambar', 'Remove image'],
    preview: ['Pratinjau gambar produk', 'Product image preview'],
    imageChosen: ['{{name}} · {{size}}', '{{name}} · {{size}}'],
    quantity: ['Jumlah', 'Quantity'],
    neededDate: ['Tanggal dibutuhkan', 'Needed by'],
    notes: ['Catatan', 'Notes'],
    optional: ['(opsional)', '(optional)'],
    submit: ['Kirim permintaan', 'Send request'],
  },
  problems: {
    itemMissing: {
      title: ['Pilih barang', 'Choose an item'],
      text: [
        'Silakan pilih barang yang ingin diminta.',
        'Please choose the item you want to request.',
      ],
    },
    itemUnavailable: {
      title: ['Pilih barang', 'Choose an item'],
      text: [
        'Barang ini tidak aktif atau sudah dihapus. Pilih barang lain.',
        'This item is inactive or was deleted. Choose another item.',
      ],
    },
    nameMissing: {
      title: ['Lengkapi nama barang', 'Complete the item name'],
      text: [
        'Isi nama barang yang ingin diajukan.',
        'Enter the name of the item you are requesting.',
      ],
    },
    nameTooLong: {
      title: ['Nama barang terlalu panjang', 'Item name too long'],
      text: ['Teks terlalu panjang.', 'The text is too long.'],
    },
    imageMissing: {
      title: ['Unggah gambar', 'Upload an image'],
      text: [
        'Silakan unggah gambar produk sebagai referensi.',
        'Please upload a product image as a reference.',
      ],
    },
    imageTooLarge: {
      title: ['File terlalu besar', 'File too large'],
      text: ['Ukuran gambar maksimal 10 MB.', 'The image may be at most 10 MB.'],
    },
    imageType: {
      title: ['Format tidak didukung', 'Unsupported format'],
      text: [
        'Jenis berkas tidak didukung. Gunakan JPG, PNG, atau WEBP.',
        'This file type is not supported. Use JPG, PNG or WEBP.',
      ],
    },
    quantityInvalid: {
      title: ['Periksa jumlah', 'Check the quantity'],
      text: ['Jumlah minimal 1.', 'The quantity must be at least 1.'],
    },
    linkInvalid: {
      title: ['Tautan tidak valid', 'Invalid link'],
      text: [
        'Isi tautan toko yang diawali http:// atau https://.',
        'Enter a store link starting with http:// or https://.',
      ],
    },
    dateInvalid: {
      title: ['Tanggal tidak valid', 'Invalid date'],
      text: ['Gunakan tanggal yang benar.', 'Use a valid date.'],
    },
    notesTooLong: {
      title: ['Catatan terlalu panjang', 'Notes too long'],
      text: ['Teks terlalu panjang.', 'The text is too long.'],
    },
    invalid: {
      title: ['Periksa isian', 'Check this field'],
      text: ['Isian ini tidak valid.', 'This value is not valid.'],
    },
  },
  detail: {
    title: ['Detail permintaan', 'Request details'],
    close: ['Tutup', 'Close'],
    number: ['Nomor', 'Number'],
    type: ['Jenis', 'Type'],
    item: ['Barang', 'Item'],
    storeLink: ['Tautan toko', 'Store link'],
    quantity: ['Jumlah', 'Quantity'],
    neededDate: ['Tanggal dibutuhkan', 'Needed by'],
    notes: ['Catatan', 'Notes'],
    requester: ['Pemohon', 'Requester'],
    status: ['Status', 'Status'],
    approverNotes: ['Catatan admin', 'Admin notes'],
    none: ['—', '—'],
    image: ['Gambar produk', 'Product image'],
    imageAlt: ['Gambar referensi {{name}}', 'Reference image of {{name}}'],
    imageLoading: ['Memuat gambar…', 'Loading image…'],
    imageOffline: [
      'Gambar belum ada di perangkat ini. Sambungkan ke internet untuk melihatnya.',
      'The image is not on this device yet. Connect to the internet to see it.',
    ],
    imageUnavailable: ['Gambar tidak dapat dimuat.', 'The image could not be loaded.'],
    notFound: ['Permintaan ini tidak ada di perangkat ini.', 'This request is not on this device.'],
  },
  timeline: {
    title: ['Riwayat', 'Timeline'],
    created: ['Dibuat oleh {{name}}', 'Created by {{name}}'],
    synced: ['Diterima server · nomor {{number}}', 'Received by the server · number {{number}}'],
    waitingSync: ['Belum terkirim', 'Not sent yet'],
    syncRefused: ['Ditolak server', 'Refused by the server'],
    approved: ['Disetujui oleh {{name}}', 'Approved by {{name}}'],
    rejected: ['Ditolak oleh {{name}}', 'Rejected by {{name}}'],
    decisionWaitingSync: ['Keputusan belum terkirim', 'Decision not sent yet'],
    decisionRefused: ['Keputusan ditolak server', 'Decision refused by the server'],
    awaitingDecision: ['Menunggu keputusan admin', 'Waiting for an admin decision'],
    notes: ['Catatan: {{notes}}', 'Notes: {{notes}}'],
  },
  decide: {
    actions: ['Keputusan admin', 'Admin decision'],
    approve: ['Setujui', 'Approve'],
    reject: ['Tolak', 'Reject'],
    approveTitle: ['Setujui permintaan {{name}}', 'Approve request {{name}}'],
    rejectTitle: ['Tolak permintaan {{name}}', 'Reject request {{name}}'],
    notes: ['Catatan untuk pemohon', 'Notes for the requester'],
    approved: ['Permintaan disetujui.', 'Request approved.'],
    rejected: ['Permintaan ditolak.', 'Request rejected.'],
    failed: ['Gagal memperbarui status permintaan', 'Failed to update request status'],
    notPending: [
      'Permintaan ini sudah diputuskan; statusnya tidak bisa diubah lagi.',
      'This request was already decided; its status cannot change again.',
    ],
    forbidden: [
      'Hanya admin yang dapat menyetujui atau menolak permintaan.',
      'Only an admin can approve or reject requests.',
    ],
  },
  conflict: {
    title: ['Perubahan ditolak server', 'Change refused by the server'],
    hint: [
      'Status di perangkat ini mengikuti perubahan Anda sampai pesan ini ditutup.',
      'This device shows your change until you dismiss this message.',
    ],
    dismiss: ['Tutup dan pulihkan versi server', "Dismiss and restore the server's version"],
    dismissed: ['Versi server dipulihkan.', "The server's version was restored."],
    fix: ['Perbaiki', 'Fix'],
  },
  analytics: {
    title: ['Aktivitas 30 hari', 'Last 30 days'],
    range: ['{{from}} – {{to}}', '{{from}} – {{to}}'],
    total: ['Total permintaan', 'Total requests'],
    dailyAverage: ['Rata-rata per hari', 'Daily average'],
    approvalRate: ['Tingkat persetujuan', 'Approval rate'],
    // No rate without a decided request: a '0%' would read as every request refused.
    noDecision: ['—', '—'],
    mostRequested: ['Barang paling banyak diminta', 'Most requested items'],
    mostRequestedEmpty: [
      'Belum ada permintaan dalam 30 hari terakhir.',
      'No requests in the last 30 days.',
    ],
    // English needs a singular (i18next's `_one`); Indonesian has one form, read from the bare key.
    requestCount: ['{{count}} permintaan', '{{count}} requests'],
    requestCount_one: ['{{count}} permintaan', '{{count}} request'],
    unitCount: ['{{quantity}} unit', '{{quantity}} units'],
    unitCount_one: ['{{quantity}} unit', '{{quantity}} unit'],
    loading: ['Memuat analitik…', 'Loading analytics…'],
  },
});

registerTexts({
  id: { inventory: { requests: REQUEST_TEXTS.id } },
  en: { inventory: { requests: REQUEST_TEXTS.en } },
});

const P = 'inventory.requests';
export const requestKey = (key: string) => `${P}.${key}`;
/** The requests tab's translate function: `k('detail.title')`. */
export const useRequestsText = () => useTranslation(undefined, { keyPrefix: P }).t;
export const problemTitleKey = (code: ProblemCode) => `${P}.problems.${code}.title`;
export const problemTextKey = (code: ProblemCode) => `${P}.problems.${code}.text`;
