import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.js';
import { formFailure, type FormFailure } from '../../lib/server-errors.js';
import { useAppSession } from '../../lib/use-session.js';
import { AuthLayout } from '../../components/ui/auth-layout.js';
import { TextField } from '../../components/ui/text-field.js';
import { leaveForSso, parseSsoConfig, type SsoConfig } from './sso-redirect.js';
import { useAfterLogin } from './use-after-login.js';
import './sso-i18n.js';
import './sso.css';

const NO_FAILURE: FormFailure = { fields: {}, message: null };

/**
 * `/login`, and `/admin/admingantenglogin` with `localOnly`: the manual form that must never
 * offer single sign-on, so an administrator can get in when SSO is down.
 */
export function LoginScreen({ localOnly = false }: { localOnly?: boolean }) {
  const { t } = useTranslation();
  const redirect = useSearch({
    from: localOnly ? '/admin/admingantenglogin' : '/login',
    select: (search) => search.redirect,
  });
  const afterLogin = useAfterLogin();
  const { session } = useAppSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const sso = useSsoConfig(!localOnly);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setFailure(NO_FAILURE);
    try {
      await session.login({ email, password });
      void afterLogin(redirect);
    } catch (err) {
      setFailure(formFailure(err, t('auth.loginFailed')));
      setSending(false);
    }
  };

  return (
    <AuthLayout
      title={localOnly ? t('auth.adminLoginTitle') : t('auth.loginTitle')}
      subtitle={localOnly ? t('auth.adminLoginSubtitle') : t('auth.loginSubtitle')}
    >
      {sso?.enabled === true && (
        <>
          <button
            type="button"
            className="button button-secondary button-block sso-button"
            onClick={() => leaveForSso(redirect)}
          >
            {t('sso.button', { provider: sso.provider })}
          </button>
          <p className="auth-divider">
            <span>{t('sso.or')}</span>
          </p>
        </>
      )}
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure.message !== null && (
          <p className="alert alert-error" role="alert">
            {failure.message}
          </p>
        )}
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={failure.fields['email']}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={failure.fields['password']}
        />
        {Object.keys(failure.fields).length > 0 && (
          <p className="sr-only" role="alert">
            {Object.values(failure.fields).flat().join(' ')}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={sending}>
          {sending ? t('auth.sending') : t('auth.submitLogin')}
        </button>
      </form>
      {!localOnly && (
        <p className="auth-switch">
          {t('auth.noAccount')} <Link to="/register">{t('auth.toRegister')}</Link>
        </p>
      )}
    </AuthLayout>
  );
}

/** `GET /api/auth/sso` once per visit; null while asking, or when asking failed (offline). */
function useSsoConfig(wanted: boolean): SsoConfig | null {
  const [config, setConfig] = useState<SsoConfig | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    let active = true;
    api.json('GET', 'api/auth/sso').then(
      (body) => {
        if (active) setConfig(parseSsoConfig(body));
      },
      () => {
        // No answer: the email form still works, so the button simply stays away.
      },
    );
    return () => {
      active = false;
    };
  }, [wanted]);
  return config;
}

export function AdminLoginScreen() {
  return <LoginScreen localOnly />;
}
