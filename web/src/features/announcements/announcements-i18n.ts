import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/** The announcement screens' texts (Indonesian first, English second). */
const texts = splitTextPairs({
  announcements: {
    empty: ['Belum ada pengumuman.', 'No announcements yet.'],
    create: ['Tulis pengumuman', 'New announcement'],
    markAllRead: ['Tandai semua dibaca', 'Mark all as read'],
    markedAllRead: ['Semua pengumuman ditandai dibaca', 'All announcements marked as read'],
    markFailed: ['Gagal menandai pengumuman dibaca', 'Failed to mark the announcement as read'],
    important: ['Penting', 'Important'],
    pinned: ['Disematkan', 'Pinned'],
    unread: ['Belum dibaca', 'Unread'],
    by: ['Oleh {{name}}', 'By {{name}}'],
    unknownAuthor: ['Pengguna', 'User'],
    published: ['Diterbitkan {{date}}', 'Published {{date}}'],
    updated: ['Diperbarui {{date}}', 'Updated {{date}}'],
    edit: ['Edit', 'Edit'],
    audienceAll: ['Semua pengguna', 'Everyone'],
    audienceRoles: ['Untuk: {{roles}}', 'For: {{roles}}'],
    title: ['Judul', 'Title'],
    body: ['Isi pengumuman', 'Announcement text'],
    bodyHint: [
      'Teks biasa; tautan http(s):// otomatis bisa diklik.',
      'Plain text; http(s):// links become clickable.',
    ],
    audience: ['Penerima', 'Audience'],
    everyone: ['Semua pengguna', 'Everyone'],
    chosenRoles: ['Peran tertentu', 'Chosen roles'],
    priority: ['Prioritas', 'Priority'],
    priorityNormal: ['Biasa', 'Normal'],
    priorityImportant: ['Penting', 'Important'],
    pinnedLabel: ['Sematkan di atas', 'Pin to the top'],
    save: ['Simpan pengumuman', 'Save announcement'],
    saving: ['Menyimpan…', 'Saving…'],
    cancel: ['Batal', 'Cancel'],
    saved: ['Pengumuman disimpan', 'Announcement saved'],
    savedOffline: [
      'Pengumuman disimpan dan akan dikirim saat online',
      'Announcement saved; it will be sent when online',
    ],
    noChanges: ['Tidak ada perubahan untuk disimpan.', 'There are no changes to save.'],
    saveFailed: ['Gagal menyimpan pengumuman', 'Failed to save the announcement'],
    delete: ['Hapus', 'Delete'],
    deleteTitle: ['Hapus pengumuman ini?', 'Delete this announcement?'],
    deleteText: [
      'Pengumuman akan dihapus untuk semua pengguna.',
      'The announcement is removed for every user.',
    ],
    deleted: ['Pengumuman dihapus', 'Announcement deleted'],
    discardTitle: ['Buang perubahan?', 'Discard changes?'],
    discardText: ['Ada isian yang belum disimpan.', 'Some input has not been saved.'],
    discard: ['Buang', 'Discard'],
    notFound: [
      'Pengumuman tidak ditemukan atau sudah dihapus.',
      'The announcement was not found or has been deleted.',
    ],
    loading: ['Memuat…', 'Loading…'],
    pager: ['Halaman daftar pengumuman', 'Announcement list pages'],
  },
});

registerTexts(texts);
