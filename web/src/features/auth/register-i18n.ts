import { useTranslation } from 'react-i18next';
import { splitTextPairs } from '../../lib/text-pairs.js';

/*
 * The registration screen's own texts; the school ones show only where there are several
 * schools. Read from here in the screen's language rather than merged into i18next through
 * lib/i18n's registerTexts: when this screen's chunk imported lib/i18n, the bundler moved i18n
 * out of the entry into chunks of its own, 0.4 KB gzip more before every first page draws
 * (measured with scripts/src/bench/bundle-size.ts, 2026-12-03).
 */
const TEXTS = splitTextPairs({
  or: ['atau', 'or'],
  ssoButton: ['Daftar dengan {provider}', 'Register with {provider}'],
  schoolNeeded: [
    'Aplikasi ini dipakai oleh beberapa sekolah, jadi akun baru perlu tahu sekolahnya. Buka tautan pendaftaran yang dibagikan admin sekolah Anda, atau ketik kode pendaftaran sekolah di bawah.',
    "This app serves several schools, so a new account needs to know its school. Open the registration link your school's admin shared, or type the school's registration code below.",
  ],
  schoolCode: ['Kode pendaftaran sekolah', 'School registration code'],
  schoolCodeHint: [
    'Kode ada di akhir tautan pendaftaran, sesudah school=. Isian lain tetap tersimpan.',
    'The code is at the end of the registration link, after school=. Your other entries are kept.',
  ],
});

export type RegisterTexts = (typeof TEXTS)['id'];

/** The texts above in the app's current language (re-rendered when it changes). */
export function useRegisterTexts(): RegisterTexts {
  const { i18n } = useTranslation();
  return TEXTS[i18n.language === 'en' ? 'en' : 'id'];
}
