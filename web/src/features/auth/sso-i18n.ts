import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

const texts = splitTextPairs({
  sso: {
    button: ['Masuk dengan {{provider}}', 'Sign in with {{provider}}'],
    or: ['atau', 'or'],
    working: ['Sedang menyelesaikan proses masuk…', 'Finishing signing you in…'],
    failed: ['Masuk dengan akun sekolah gagal.', 'Signing in with the school account failed.'],
    backToLogin: ['Kembali ke halaman masuk', 'Back to sign in'],
  },
});

registerTexts(texts);
