import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/** The users screen's registration link panel (several schools only). */
const texts = splitTextPairs({
  schoolLink: {
    title: ['Tautan pendaftaran staf', 'Staff registration link'],
    intro: [
      'Bagikan tautan ini kepada staf {{school}} yang belum punya akun. Akun yang mendaftar lewat tautan ini otomatis masuk ke sekolah Anda; aturlah perannya di daftar user di bawah.',
      'Share this link with {{school}} staff who have no account yet. Accounts registered through it join your school; set their roles in the user list below.',
    ],
    link: ['Tautan pendaftaran', 'Registration link'],
    copy: ['Salin tautan', 'Copy link'],
    copied: ['Tautan pendaftaran disalin.', 'Registration link copied.'],
    copyByHand: [
      'Browser tidak mengizinkan penyalinan otomatis. Tautan sudah dipilih: salin dengan Ctrl+C, atau tekan lama lalu pilih Salin.',
      'The browser does not allow copying here. The link is selected: copy it with Ctrl+C, or press and hold and choose Copy.',
    ],
    none: [
      'Sekolah Anda belum punya tautan pendaftaran.',
      'Your school has no registration link yet.',
    ],
    create: ['Buat tautan', 'Create link'],
    renew: ['Buat tautan baru', 'Create a new link'],
    renewHint: [
      'Tautan baru menggantikan yang lama; tautan lama langsung tidak dapat dipakai.',
      'A new link replaces the old one, which stops working at once.',
    ],
    renewTitle: ['Buat tautan pendaftaran baru?', 'Create a new registration link?'],
    renewText: [
      'Tautan yang sudah dibagikan tidak dapat dipakai lagi untuk mendaftar. Akun yang sudah terdaftar tidak berubah.',
      'The link already shared can no longer be used to register. Existing accounts are not affected.',
    ],
    renewed: ['Tautan pendaftaran baru dibuat.', 'New registration link created.'],
    renewFailed: [
      'Tidak dapat membuat tautan pendaftaran baru.',
      'Unable to create a new registration link.',
    ],
  },
});

registerTexts(texts);
