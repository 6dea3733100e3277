import i18next from 'i18next';

const id = {
  sso: {
    button: 'Masuk dengan {{provider}}',
    or: 'atau',
    working: 'Sedang menyelesaikan proses masuk…',
    failed: 'Masuk dengan akun sekolah gagal.',
    backToLogin: 'Kembali ke halaman masuk',
  },
};

type Dictionary<T> = { [K in keyof T]: T[K] extends string ? string : Dictionary<T[K]> };

const en = {
  sso: {
    button: 'Sign in with {{provider}}',
    or: 'or',
    working: 'Finishing signing you in…',
    failed: 'Signing in with the school account failed.',
    backToLogin: 'Back to sign in',
  },
} satisfies Dictionary<typeof id>;

export function registerSsoStrings(): void {
  const add = () => {
    i18next.addResourceBundle('id', 'translation', id, true, false);
    i18next.addResourceBundle('en', 'translation', en, true, false);
  };
  // init() builds a new resource store, so a bundle added before it would be lost.
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerSsoStrings();
