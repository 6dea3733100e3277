import { registerTexts, type Dictionary } from '../../lib/i18n.js';

const id = {
  sso: {
    button: 'Masuk dengan {{provider}}',
    or: 'atau',
    working: 'Sedang menyelesaikan proses masuk…',
    failed: 'Masuk dengan akun sekolah gagal.',
    backToLogin: 'Kembali ke halaman masuk',
  },
};

const en = {
  sso: {
    button: 'Sign in with {{provider}}',
    or: 'or',
    working: 'Finishing signing you in…',
    failed: 'Signing in with the school account failed.',
    backToLogin: 'Back to sign in',
  },
} satisfies Dictionary<typeof id>;

registerTexts({ id, en });
