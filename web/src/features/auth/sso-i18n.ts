import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

const texts = splitTextPairs({
  sso: {
    button: ['Masuk dengan {{provider}}', 'Sign in with {{provider}}'],
    or: ['atau', 'or'],
    working: ['Sedang menyelesaikan proses masuk…', 'Finishing signing you in…'],
    failed: ['Masuk dengan akun sekolah gagal.', 'Signing in with the school account failed.'],
    backToLogin: ['Kembali ke halaman masuk', 'Back to sign in'],
    // Said after the contract's refusal (school_unknown, sso_school_unknown): what to do.
    schoolUnknownHint: [
      'Tautan pendaftaran ini mungkin sudah diganti. Minta tautan terbaru kepada admin sekolah Anda.',
      "This registration link may have been replaced. Ask your school's admin for the current link.",
    ],
    ssoSchoolUnknownHint: [
      'Jika admin sekolah memberi Anda tautan pendaftaran, buka tautan itu lalu masuk dari sana.',
      "If your school's admin gave you a registration link, open it and sign in from there.",
    ],
  },
});

registerTexts(texts);
