import i18next from 'i18next';

/** The announcement screens' texts (Indonesian first, English second). */
const id = {
  announcements: {
    empty: 'Belum ada pengumuman.',
    create: 'Tulis pengumuman',
    markAllRead: 'Tandai semua dibaca',
    markedAllRead: 'Semua pengumuman ditandai dibaca',
    markFailed: 'Gagal menandai pengumuman dibaca',
    important: 'Penting',
    pinned: 'Disematkan',
    unread: 'Belum dibaca',
    unreadCount: '{{count}} belum dibaca',
    by: 'Oleh {{name}}',
    unknownAuthor: 'Pengguna',
    published: 'Diterbitkan {{date}}',
    updated: 'Diperbarui {{date}}',
    edit: 'Edit',
    open: 'Buka',
    close: 'Tutup',
    audienceAll: 'Semua pengguna',
    audienceRoles: 'Untuk: {{roles}}',
    notSynced: 'Belum tersinkron',
    title: 'Judul',
    body: 'Isi pengumuman',
    bodyHint: 'Teks biasa; tautan http(s):// otomatis bisa diklik.',
    audience: 'Penerima',
    everyone: 'Semua pengguna',
    chosenRoles: 'Peran tertentu',
    priority: 'Prioritas',
    priorityNormal: 'Biasa',
    priorityImportant: 'Penting',
    pinnedLabel: 'Sematkan di atas',
    save: 'Simpan pengumuman',
    saving: 'Menyimpan…',
    cancel: 'Batal',
    saved: 'Pengumuman disimpan',
    savedOffline: 'Pengumuman disimpan dan akan dikirim saat online',
    noChanges: 'Tidak ada perubahan untuk disimpan.',
    saveFailed: 'Gagal menyimpan pengumuman',
    delete: 'Hapus',
    deleteTitle: 'Hapus pengumuman ini?',
    deleteText: 'Pengumuman akan dihapus untuk semua pengguna.',
    deleted: 'Pengumuman dihapus',
    discardTitle: 'Buang perubahan?',
    discardText: 'Ada isian yang belum disimpan.',
    discard: 'Buang',
    notFound: 'Pengumuman tidak ditemukan atau sudah dihapus.',
    loading: 'Memuat…',
  },
};

type Dictionary<T> = { [K in keyof T]: T[K] extends string ? string : Dictionary<T[K]> };

const en = {
  announcements: {
    empty: 'No announcements yet.',
    create: 'New announcement',
    markAllRead: 'Mark all as read',
    markedAllRead: 'All announcements marked as read',
    markFailed: 'Failed to mark the announcement as read',
    important: 'Important',
    pinned: 'Pinned',
    unread: 'Unread',
    unreadCount: '{{count}} unread',
    by: 'By {{name}}',
    unknownAuthor: 'User',
    published: 'Published {{date}}',
    updated: 'Updated {{date}}',
    edit: 'Edit',
    open: 'Open',
    close: 'Close',
    audienceAll: 'Everyone',
    audienceRoles: 'For: {{roles}}',
    notSynced: 'Not synced',
    title: 'Title',
    body: 'Announcement text',
    bodyHint: 'Plain text; http(s):// links become clickable.',
    audience: 'Audience',
    everyone: 'Everyone',
    chosenRoles: 'Chosen roles',
    priority: 'Priority',
    priorityNormal: 'Normal',
    priorityImportant: 'Important',
    pinnedLabel: 'Pin to the top',
    save: 'Save announcement',
    saving: 'Saving…',
    cancel: 'Cancel',
    saved: 'Announcement saved',
    savedOffline: 'Announcement saved; it will be sent when online',
    noChanges: 'There are no changes to save.',
    saveFailed: 'Failed to save the announcement',
    delete: 'Delete',
    deleteTitle: 'Delete this announcement?',
    deleteText: 'The announcement is removed for every user.',
    deleted: 'Announcement deleted',
    discardTitle: 'Discard changes?',
    discardText: 'Some input has not been saved.',
    discard: 'Discard',
    notFound: 'The announcement was not found or has been deleted.',
    loading: 'Loading…',
  },
} satisfies Dictionary<typeof id>;

/** Adds the bundle to the running i18next (deep, without overwriting the shared keys). */
export function registerAnnouncementStrings(): void {
  const add = () => {
    i18next.addResourceBundle('id', 'translation', id, true, false);
    i18next.addResourceBundle('en', 'translation', en, true, false);
  };
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerAnnouncementStrings();
