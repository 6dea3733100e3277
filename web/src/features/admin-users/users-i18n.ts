import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/** Texts of the users screen; spec strings kept verbatim. */
const texts = splitTextPairs({
  users: {
    search: ['Cari user', 'Search users'],
    searchPlaceholder: ['Nama, email, atau telepon…', 'Name, email or phone…'],
    role: ['Peran', 'Role'],
    allRoles: ['Semua peran', 'All roles'],
    perPage: ['Per halaman', 'Per page'],
    add: ['Tambah user', 'Add user'],
    list: ['Daftar user', 'Users'],
    pages: ['Halaman daftar user', 'User list pages'],
    name: ['Nama', 'Name'],
    email: ['Email', 'Email'],
    phone: ['Telepon', 'Phone'],
    phoneField: ['Nomor telepon', 'Phone number'],
    created: ['Dibuat', 'Created'],
    you: ['(Anda)', '(you)'],
    password: ['Password', 'Password'],
    passwordConfirmation: ['Konfirmasi password', 'Confirm password'],
    passwordHint: ['Minimal 8 karakter', 'At least 8 characters'],
    passwordUnchanged: [
      'Kosongkan jika password tidak diubah. Minimal 8 karakter.',
      'Leave blank to keep the password. At least 8 characters.',
    ],
    phoneUnchanged: [
      'Kosongkan jika nomor telepon tidak diubah.',
      'Leave blank to keep the phone number.',
    ],
    createTitle: ['Tambah user', 'Add user'],
    editTitle: ['Edit user', 'Edit user'],
    create: ['Buat user', 'Create user'],
    createFailed: ['Tidak dapat membuat user.', 'Unable to create user.'],
    updateFailed: ['Tidak dapat memperbarui user.', 'Unable to update user.'],
    deleteFailed: ['Tidak dapat menghapus user.', 'Unable to delete user.'],
    createdOk: ['User berhasil dibuat.', 'User created.'],
    updated: ['User berhasil diperbarui.', 'User updated.'],
    deleted: ['User berhasil dihapus.', 'User deleted.'],
    deleteTitle: ['Hapus user {{name}}?', 'Delete user {{name}}?'],
  },
});

registerTexts(texts);
