import { registerTexts, type Dictionary } from '../../lib/i18n.js';

/** The profile screen's texts; the spec's Indonesian strings are kept verbatim. */
const id = {
  profile: {
    details: 'Data diri',
    photo: 'Foto profil',
    removeChosen: 'Batalkan foto',
    photoHint: 'JPG, PNG, atau WEBP, maksimal 10 MB.',
    photoAlt: 'Foto profil {{name}}',
    name: 'Nama lengkap',
    email: 'Email',
    phone: 'Nomor telepon',
    save: 'Simpan profil',
    saving: 'Menyimpan…',
    saved: 'Profil berhasil diperbarui',
    noChanges: 'Tidak ada perubahan untuk disimpan.',
    failed: 'Gagal memperbarui profil',
    fileTooLargeTitle: 'File terlalu besar',
    fileTooLargeText: 'Ukuran gambar maksimal 10 MB.',
    fileTypeTitle: 'Jenis file tidak didukung',
    fileTypeText: 'Gunakan gambar JPG, PNG, atau WEBP.',
    passwordTitle: 'Ubah password',
    currentPassword: 'Password saat ini',
    newPassword: 'Password baru',
    passwordHint: 'Minimal 8 karakter',
    passwordConfirmation: 'Konfirmasi password baru',
    savePassword: 'Simpan password',
    passwordSaved: 'Password berhasil diperbarui',
    passwordFailed: 'Gagal memperbarui password',
  },
};

const en = {
  profile: {
    details: 'Personal details',
    photo: 'Profile photo',
    removeChosen: 'Cancel photo',
    photoHint: 'JPG, PNG or WEBP, at most 10 MB.',
    photoAlt: 'Profile photo of {{name}}',
    name: 'Full name',
    email: 'Email',
    phone: 'Phone number',
    save: 'Save profile',
    saving: 'Saving…',
    saved: 'Profile updated',
    noChanges: 'There are no changes to save.',
    failed: 'Failed to update profile',
    fileTooLargeTitle: 'File too large',
    fileTooLargeText: 'Images may be at most 10 MB.',
    fileTypeTitle: 'File type not supported',
    fileTypeText: 'Use a JPG, PNG or WEBP image.',
    passwordTitle: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    passwordHint: 'At least 8 characters',
    passwordConfirmation: 'Confirm new password',
    savePassword: 'Save password',
    passwordSaved: 'Password updated',
    passwordFailed: 'Failed to update password',
  },
} satisfies Dictionary<typeof id>;

registerTexts({ id, en });
