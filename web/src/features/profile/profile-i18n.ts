import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/** The profile screen's texts; the spec's Indonesian strings are kept verbatim. */
const texts = splitTextPairs({
  profile: {
    details: ['Data diri', 'Personal details'],
    photo: ['Foto profil', 'Profile photo'],
    pickPhoto: ['Pilih foto', 'Choose a photo'],
    replacePhoto: ['Ganti foto', 'Change the photo'],
    removeChosen: ['Batalkan foto', 'Cancel photo'],
    photoHint: ['JPG, PNG, atau WEBP, maksimal 10 MB.', 'JPG, PNG or WEBP, at most 10 MB.'],
    photoAlt: ['Foto profil {{name}}', 'Profile photo of {{name}}'],
    name: ['Nama lengkap', 'Full name'],
    email: ['Email', 'Email'],
    phone: ['Nomor telepon', 'Phone number'],
    save: ['Simpan profil', 'Save profile'],
    saving: ['Menyimpan…', 'Saving…'],
    saved: ['Profil berhasil diperbarui', 'Profile updated'],
    noChanges: ['Tidak ada perubahan untuk disimpan.', 'There are no changes to save.'],
    failed: ['Gagal memperbarui profil', 'Failed to update profile'],
    fileTooLargeTitle: ['File terlalu besar', 'File too large'],
    fileTooLargeText: ['Ukuran gambar maksimal 10 MB.', 'Images may be at most 10 MB.'],
    fileTypeTitle: ['Jenis file tidak didukung', 'File type not supported'],
    fileTypeText: ['Gunakan gambar JPG, PNG, atau WEBP.', 'Use a JPG, PNG or WEBP image.'],
    passwordTitle: ['Ubah password', 'Change password'],
    currentPassword: ['Password saat ini', 'Current password'],
    newPassword: ['Password baru', 'New password'],
    passwordHint: ['Minimal 8 karakter', 'At least 8 characters'],
    passwordConfirmation: ['Konfirmasi password baru', 'Confirm new password'],
    savePassword: ['Simpan password', 'Save password'],
    passwordSaved: ['Password berhasil diperbarui', 'Password updated'],
    passwordFailed: ['Gagal memperbarui password', 'Failed to update password'],
  },
});

registerTexts(texts);
