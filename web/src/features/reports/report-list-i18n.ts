import i18next from 'i18next';
import './report-i18n.js';

/** The admin report list's own texts, merged into the app dictionaries on first import. */
const id = {
  reportList: {
    filters: 'Filter laporan',
    role: 'Peran pelapor',
    allRoles: 'Semua peran',
    status: 'Status',
    allStatuses: 'Semua status',
    area: 'Area',
    areaSearch: 'Cari area',
    allAreas: 'Semua area',
    dateFrom: 'Dari tanggal',
    dateTo: 'Sampai tanggal',
    search: 'Cari',
    searchPlaceholder: 'Deskripsi, area, atau pelapor',
    reset: 'Reset',
    apply: 'Terapkan',
    reporterChip: 'Pelapor: {{name}}',
    removeFilter: 'Hapus filter {{name}}',
    table: 'Daftar laporan',
    colArea: 'Area',
    colDescription: 'Deskripsi',
    colReporter: 'Pelapor',
    colStatus: 'Status',
    colCreated: 'Dibuat',
    colActions: 'Aksi',
    detail: 'Detail',
    edit: 'Edit',
    newest: 'Terbaru dulu',
    oldest: 'Terlama dulu',
    sortLabel: 'Urutkan menurut tanggal dibuat',
    pager: 'Halaman daftar laporan',
    loadFailed: 'Gagal mengambil data laporan',
    exportScope: 'Cakupan ekspor',
    scopes: { all: 'Semua', today: 'Hari ini', this_week: 'Minggu ini', this_month: 'Bulan ini' },
    export: 'Ekspor Excel',
    exporting: 'Mengekspor…',
    exported: 'File {{name}} diunduh.',
    exportFailed: 'Gagal mengekspor laporan',
    explorer: 'Pelapor per peran',
    explorerRole: 'Peran',
    explorerEmpty: 'Belum ada pengguna dengan peran ini.',
    reportCount: '{{count}} laporan',
    showReports: 'Tampilkan laporan {{name}}',
  },
};

const en: typeof id = {
  reportList: {
    filters: 'Report filters',
    role: 'Reporter role',
    allRoles: 'All roles',
    status: 'Status',
    allStatuses: 'All statuses',
    area: 'Area',
    areaSearch: 'Search areas',
    allAreas: 'All areas',
    dateFrom: 'From date',
    dateTo: 'To date',
    search: 'Search',
    searchPlaceholder: 'Description, area, or reporter',
    reset: 'Reset',
    apply: 'Apply',
    reporterChip: 'Reporter: {{name}}',
    removeFilter: 'Remove filter {{name}}',
    table: 'Report list',
    colArea: 'Area',
    colDescription: 'Description',
    colReporter: 'Reporter',
    colStatus: 'Status',
    colCreated: 'Created',
    colActions: 'Actions',
    detail: 'Detail',
    edit: 'Edit',
    newest: 'Newest first',
    oldest: 'Oldest first',
    sortLabel: 'Sort by creation date',
    pager: 'Report list pages',
    loadFailed: 'Could not load the reports',
    exportScope: 'Export scope',
    scopes: { all: 'All', today: 'Today', this_week: 'This week', this_month: 'This month' },
    export: 'Export to Excel',
    exporting: 'Exporting…',
    exported: 'Downloaded {{name}}.',
    exportFailed: 'Could not export the reports',
    explorer: 'Reporters by role',
    explorerRole: 'Role',
    explorerEmpty: 'No users with this role yet.',
    reportCount: '{{count}} reports',
    showReports: 'Show reports of {{name}}',
  },
};

let registered = false;

export function registerReportListTexts(): void {
  if (registered) return;
  registered = true;
  i18next.addResourceBundle('id', 'translation', id, true, false);
  i18next.addResourceBundle('en', 'translation', en, true, false);
}

registerReportListTexts();
