import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/** The registration screen's school texts: seen only where a deployment holds several schools. */
const texts = splitTextPairs({
  register: {
    schoolNeeded: [
      'Aplikasi ini dipakai oleh beberapa sekolah, jadi akun baru perlu tahu sekolahnya. Buka tautan pendaftaran yang dibagikan admin sekolah Anda, atau ketik kode pendaftaran sekolah di bawah.',
      "This app serves several schools, so a new account needs to know its school. Open the registration link your school's admin shared, or type the school's registration code below.",
    ],
    schoolCode: ['Kode pendaftaran sekolah', 'School registration code'],
    schoolCodeHint: [
      'Kode ada di akhir tautan pendaftaran, setelah "?school=". Isian lain tetap tersimpan.',
      'The code is at the end of the registration link, after "?school=". Your other entries are kept.',
    ],
  },
});

registerTexts(texts);
