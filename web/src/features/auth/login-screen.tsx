import { Link, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formFailure, type FormFailure } from '../../client/server-errors.js';
import { useAppSession } from '../../client/use-session.js';
import { errorText } from '../../lib/error-text.js';
import { useSsoConfig } from './sso-config.js';
import { isSsoSchoolRefusal, leaveForSso, type SsoSchoolRefusal } from './sso-redirect.js';
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
  const { redirect, school, ssoError } = useSearch({
    from: localOnly ? '/admin/admingantenglogin' : '/login',
    select: (search) => ({
      redirect: search.redirect,
      school: search.school,
      ssoError: search.sso_error,
    }),
  });
  const schoolCode = school?.trim() ?? '';
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
      notice={
        !localOnly && isSsoSchoolRefusal(ssoError) ? <SsoSchoolNotice code={ssoError} /> : null
      }
      onSso={() => leaveForSso(redirect, school)}
      registerLink={
        <Link to="/register" search={schoolCode === '' ? {} : { school: schoolCode }}>
          {t('auth.toRegister')}
        </Link>
      }
    />
  );
}

/**
 * Why single sign-on could not make the account (the start refused the link's code, or the
 * callback could not tell the school), in the contract's words, and what to do about it.
 */
function SsoSchoolNotice({ code }: { code: SsoSchoolRefusal }) {
  const { t } = useTranslation();
  return (
    <>
      {errorText({ code })}{' '}
      {t(code === 'school_unknown' ? 'sso.schoolUnknownHint' : 'sso.ssoSchoolUnknownHint')}
    </>
  );
}

export function AdminLoginScreen() {
  return <LoginScreen localOnly />;
}
