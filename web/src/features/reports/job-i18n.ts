import { JOB_PRIORITY_LABELS, type JobPriority } from '@urs/sync-protocol';
import './report-i18n.js';
import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/**
 * The texts of jobs (decision 028): the job panel and timeline of a report, "Tugas saya", and
 * the dashboards' job figures. Merged into the app dictionaries on first import.
 */
const texts = splitTextPairs({
  jobs: {
    panel: ['Pekerjaan', 'Job'],
    assignee: ['Petugas', 'Assignee'],
    unassigned: ['Belum ditugaskan', 'Unassigned'],
    priority: ['Prioritas', 'Priority'],
    // The contract's table: the server's exports say the same names.
    priorities: JOB_PRIORITY_LABELS,
    due: ['Tenggat', 'Due'],
    noDue: ['Tanpa tenggat', 'No due date'],
    dueDate: ['Tanggal tenggat', 'Due date'],
    dueTime: ['Jam tenggat (opsional)', 'Due time (optional)'],
    dueTimeHint: [
      'Tanpa jam, tenggatnya akhir hari itu.',
      'Without a time, it is due at the end of that day.',
    ],
    overdue: ['Terlambat', 'Overdue'],
    completedAt: ['Diselesaikan', 'Completed'],
    fromPoster: ['Dari poster QR area', "From an area's QR poster"],
    actions: ['Tindakan pekerjaan', 'Job actions'],
    start: ['Mulai kerjakan', 'Start work'],
    complete: ['Tandai selesai', 'Mark completed'],
    cancel: ['Batalkan pekerjaan', 'Cancel the job'],
    reopen: ['Buka kembali', 'Reopen'],
    handBack: ['Kembalikan tugas', 'Hand the job back'],
    handBackTitle: ['Kembalikan tugas ini?', 'Hand this job back?'],
    handBackText: [
      'Tugas kembali ke antrean admin tanpa petugas, dengan status Menunggu.',
      "The job goes back to the admin's queue, unassigned and pending.",
    ],
    handBackConfirm: ['Ya, kembalikan', 'Yes, hand it back'],
    handedBack: ['Tugas dikembalikan ke admin.', 'The job was handed back to the admin.'],
    needsAfterPhoto: [
      'Laporan ini punya foto sebelum: tambahkan foto sesudah untuk menyelesaikannya.',
      'This report has before photos: add an after photo to complete it.',
    ],
    addAfterPhoto: ['Tambah foto sesudah', 'Add an after photo'],
    photoAdded: ['Foto sesudah ditambahkan.', 'After photo added.'],
    plan: ['Atur pekerjaan', 'Plan the job'],
    planSave: ['Simpan pengaturan', 'Save the plan'],
    planSaved: ['Pekerjaan diperbarui.', 'The job was updated.'],
    saveFailed: ['Gagal menyimpan perubahan pekerjaan', 'Could not save the job change'],
    chooseAssignee: ['Pilih petugas', 'Choose the assignee'],
    searchAssignee: ['Cari petugas', 'Search staff'],
    noAssignee: ['Tidak ada petugas yang cocok', 'No matching staff'],
    statusChanged: ['Status diubah menjadi {{status}}.', 'Status changed to {{status}}.'],
    bulk: ['Tugaskan laporan terpilih', 'Assign the selected reports'],
    bulkSelected: ['{{count}} laporan dipilih', '{{count}} reports selected'],
    bulkSelected_one: ['{{count}} laporan dipilih', '{{count}} report selected'],
    bulkAssignTo: ['Tugaskan ke', 'Assign to'],
    bulkAssign: ['Tugaskan {{count}} laporan', 'Assign {{count}} reports'],
    bulkAssign_one: ['Tugaskan {{count}} laporan', 'Assign {{count}} report'],
    bulkClear: ['Batal pilih', 'Clear selection'],
    bulkQueued: [
      'Penugasan {{count}} laporan disimpan dan dikirim saat online.',
      'The assignment of {{count}} reports is saved and sent when online.',
    ],
    bulkQueued_one: [
      'Penugasan {{count}} laporan disimpan dan dikirim saat online.',
      'The assignment of {{count}} report is saved and sent when online.',
    ],
    bulkNothing: [
      'Laporan terpilih sudah ditugaskan begitu.',
      'The selected reports are already assigned so.',
    ],
    bulkMissing: [
      '{{count}} laporan belum ada di perangkat ini (belum tersinkron) dan tidak diubah.',
      '{{count}} reports are not on this device yet (not synced) and were left as they were.',
    ],
    bulkMissing_one: [
      '{{count}} laporan belum ada di perangkat ini (belum tersinkron) dan tidak diubah.',
      '{{count}} report is not on this device yet (not synced) and was left as it was.',
    ],
    filters: ['Filter pekerjaan', 'Job filters'],
    allAssignees: ['Semua petugas', 'Everyone'],
    allPriorities: ['Semua prioritas', 'All priorities'],
    overdueOnly: ['Hanya yang terlambat', 'Overdue only'],
    boardShown: ['{{count}} dari {{total}} pekerjaan terbuka', '{{count}} of {{total}} open jobs'],
    boardEmpty: [
      'Tidak ada pekerjaan terbuka yang cocok dengan filter ini.',
      'No open job matches these filters.',
    ],
    select: ['Pilih', 'Select'],
    selectReport: ['Pilih laporan {{name}}', 'Select the report {{name}}'],
    selectPage: ['Pilih semua di halaman ini', 'Select all on this page'],
    timeline: ['Riwayat', 'Timeline'],
    comment: ['Komentar', 'Comment'],
    commentHint: [
      'Terlihat oleh admin, pelapor, dan petugas.',
      'Seen by the admin, the reporter and the assignee.',
    ],
    commentSend: ['Kirim komentar', 'Send comment'],
    commentSaved: ['Komentar disimpan.', 'Comment saved.'],
    someone: ['Seseorang', 'Someone'],
    nobody: ['tanpa petugas', 'nobody'],
    events: {
      filed: ['{{actor}} membuat laporan ini', '{{actor}} filed this report'],
      assigned: ['{{actor}} menugaskan ke {{to}}', '{{actor}} assigned it to {{to}}'],
      reassigned: [
        '{{actor}} mengalihkan dari {{from}} ke {{to}}',
        '{{actor}} reassigned it from {{from}} to {{to}}',
      ],
      unassigned: [
        '{{actor}} melepas {{from}} dari tugas ini',
        '{{actor}} took {{from}} off the job',
      ],
      priority: [
        '{{actor}} mengubah prioritas menjadi {{to}}',
        '{{actor}} set the priority to {{to}}',
      ],
      due: ['{{actor}} mengatur tenggat {{to}}', '{{actor}} set the due date to {{to}}'],
      dueCleared: ['{{actor}} menghapus tenggat', '{{actor}} removed the due date'],
      started: ['{{actor}} mulai mengerjakan', '{{actor}} started the work'],
      completed: ['{{actor}} menyelesaikan pekerjaan', '{{actor}} completed the work'],
      cancelled: ['{{actor}} membatalkan pekerjaan', '{{actor}} cancelled the job'],
      reopened: ['{{actor}} membuka kembali pekerjaan', '{{actor}} reopened the job'],
      pending: ['{{actor}} mengembalikan status ke Menunggu', '{{actor}} set it back to pending'],
      status: [
        '{{actor}} mengubah status menjadi {{to}}',
        '{{actor}} changed the status to {{to}}',
      ],
      handBack: [
        '{{actor}} mengembalikan tugas ke antrean admin',
        "{{actor}} handed the job back to the admin's queue",
      ],
      kept: [
        'Dicatat setelah pekerjaan berpindah: pekerjaan di lapangan tetap disimpan.',
        'Recorded after the job had moved on: the field work is kept.',
      ],
      commented: ['{{actor}} berkomentar', '{{actor}} commented'],
    },
  },
  reports: {
    forSomeoneElse: ['Untuk diperbaiki orang lain', 'For someone else to fix'],
    forSomeoneElseHint: [
      'Laporan masuk ke antrean admin tanpa petugas, berstatus Menunggu; admin yang menugaskannya.',
      "The report goes to the admin's queue unassigned and pending; the admin assigns it.",
    ],
  },
  tasks: {
    overdue: ['Terlambat', 'Overdue'],
    today: ['Hari ini', 'Today'],
    upcoming: ['Mendatang', 'Upcoming'],
    empty: [
      'Belum ada tugas untuk Anda. Pekerjaan yang ditugaskan admin muncul di sini, juga saat offline.',
      'No tasks for you yet. Work the admin assigns you shows here, offline too.',
    ],
    sectionEmpty: ['Tidak ada.', 'None.'],
    showMore: ['Tampilkan {{count}} lagi', 'Show {{count}} more'],
    dueToday: ['Tenggat hari ini, {{time}}', 'Due today at {{time}}'],
    dueEndOfToday: ['Tenggat akhir hari ini', 'Due by the end of today'],
    open: ['Buka', 'Open'],
    countOverdue: ['{{count}} terlambat', '{{count}} overdue'],
  },
  dashboard: {
    tasksTitle: ['Tugas saya', 'My tasks'],
    tasksOverdue: ['Terlambat', 'Overdue'],
    tasksToday: ['Hari ini', 'Today'],
    tasksUpcoming: ['Mendatang', 'Upcoming'],
    tasksOpen: ['Buka tugas saya', 'Open my tasks'],
    workTitle: ['Pekerjaan terbuka per petugas', 'Open work per person'],
    workPerson: ['Petugas', 'Person'],
    workOpen: ['Terbuka', 'Open'],
    workOverdue: ['Terlambat', 'Overdue'],
    workQueue: ['Belum ditugaskan', 'Unassigned'],
    workEmpty: ['Tidak ada pekerjaan terbuka.', 'No open work.'],
  },
});

registerTexts(texts);

export const priorityKey = (priority: JobPriority) => `jobs.priorities.${priority}`;
