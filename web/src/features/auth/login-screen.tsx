import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../client/api.js';
import { formFailure, type FormFailure } from '../../client/server-errors.js';
import { useAppSession } from '../../client/use-session.js';
import { leaveForSso, parseSsoConfig, type SsoConfig } from './sso-redirect.js';
import { useAfterLogin } from './use-after-login.js';
import { LoginForm } from './login-form.js';
import { useAdoptPrerendered } from './prerendered-login.js';
// The form's stylesheet rides with the screen's chunk (the build's renderer takes no CSS).
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

  const form = useAdoptPrerendered(setEmail, setPassword);

  return (
    <LoginForm
      formRef={form}
      localOnly={localOnly}
      sso={sso}
      email={email}
      password={password}
      sending={sending}
      failure={failure}
      onEmail={setEmail}
      onPassword={setPassword}
      onSubmit={(event) => void onSubmit(event)}
      onSso={() => leaveForSso(redirect)}
      registerLink={<Link to="/register">{t('auth.toRegister')}</Link>}
    />
  );
}

/**
 * `GET /api/auth/sso` once per visit; null while asking, or when asking failed (offline).
 *
 * Asked in a task of its own, after the one in which React runs the screen's effects: it is the
 * page's first request through ky, whose first options merge and `fetch` made that task 15-25 ms
 * longer at Lighthouse's 4x CPU on this machine (one of the login page's two longest tasks after
 * its paint). The button appears a moment later, as it already did after the answer.
 */
export function useSsoConfig(wanted: boolean): SsoConfig | null {
  const [config, setConfig] = useState<SsoConfig | null>(null);
  useEffect(() => {
    if (!wanted) return undefined;
    let active = true;
    const ask = setTimeout(() => {
      api.json('GET', 'api/auth/sso').then(
        (body) => {
          if (active) setConfig(parseSsoConfig(body));
        },
        () => {
          // No answer: the email form still works, so the button simply stays away.
        },
      );
    }, 0);
    return () => {
      active = false;
      clearTimeout(ask);
    };
  }, [wanted]);
  return config;
}

export function AdminLoginScreen() {
  return <LoginScreen localOnly />;
}
