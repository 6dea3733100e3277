import { registerTexts } from '../../lib/i18n.js';

/** Texts of the users screen; spec strings kept verbatim. */
const id = {
  users: {
    search: 'Cari user',
    searchPlaceholder: 'Nama, email, atau nomor telepon…',
    role: 'Peran',
    allRoles: 'Semua peran',
    perPage: 'Per halaman',
    add: 'Tambah user',
    list: 'Daftar user',
    pages: 'Halaman daftar user',
    name: 'Nama',
    email: 'Email',
    phone: 'Telepon',
    phoneField: 'Nomor telepon',
    created: 'Dibuat',
    you: '(Anda)',
    password: 'Password',
    passwordConfirmation: 'Konfirmasi password',
    passwordHint: 'Minimal 8 karakter',
    passwordUnchanged: 'Kosongkan jika password tidak diubah. Minimal 8 karakter.',
    phoneUnchanged: 'Kosongkan jika nomor telepon tidak diubah.',
    createTitle: 'Tambah user',
    editTitle: 'Edit user',
    create: 'Buat user',
    createFailed: 'Tidak dapat membuat user.',
    updateFailed: 'Tidak dapat memperbarui user.',
    deleteFailed: 'Tidak dapat menghapus user.',
    createdOk: 'User berhasil dibuat.',
    updated: 'User berhasil diperbarui.',
    deleted: 'User berhasil dihapus.',
    deleteTitle: 'Hapus user {{name}}?',
  },
};

type Dictionary<T> = { [K in keyof T]: T[K] extends string ? string : Dictionary<T[K]> };

const en = {
  users: {
    search: 'Search users',
    searchPlaceholder: 'Name, email or phone…',
    role: 'Role',
    allRoles: 'All roles',
    perPage: 'Per page',
    add: 'Add user',
    list: 'Users',
    pages: 'User list pages',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    phoneField: 'Phone number',
    created: 'Created',
    you: '(you)',
    password: 'Password',
    passwordConfirmation: 'Confirm password',
    passwordHint: 'At least 8 characters',
    passwordUnchanged: 'Leave blank to keep the password. At least 8 characters.',
    phoneUnchanged: 'Leave blank to keep the phone number.',
    createTitle: 'Add user',
    editTitle: 'Edit user',
    create: 'Create user',
    createFailed: 'Unable to create user.',
    updateFailed: 'Unable to update user.',
    deleteFailed: 'Unable to delete user.',
    createdOk: 'User created.',
    updated: 'User updated.',
    deleted: 'User deleted.',
    deleteTitle: 'Delete user {{name}}?',
  },
} satisfies Dictionary<typeof id>;

registerTexts({ id, en });
