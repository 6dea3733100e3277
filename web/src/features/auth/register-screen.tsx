import { Link, useSearch } from '@tanstack/react-router';
import { MIN_PASSWORD_LENGTH } from '@urs/sync-protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formFailure, type FormFailure } from '../../client/server-errors.js';
import { useAppSession } from '../../client/use-session.js';
import { AuthLayout } from '../../components/ui/auth-layout.js';
import { TextField } from '../../components/ui/text-field.js';
import { useFailedSubmitFocus } from '../../components/ui/use-failed-submit-focus.js';
import { useSsoConfig } from './sso-config.js';
import { leaveForSso } from './sso-redirect.js';
import { useAfterLogin } from './use-after-login.js';
import { useRegisterTexts } from './register-i18n.js';
import './sso.css';

const NO_FAILURE: FormFailure = { fields: {}, message: null };

/**
 * `/register`, or `/register?school=<code>`: the registration link a school's admin hands out.
 * The code goes with the request unseen; only when the server cannot tell the school (several
 * schools and no code, or a code it does not know) does the screen say so and ask for the code.
 * A single school never answers that, so it shows no school at all.
 */
export function RegisterScreen() {
  const { t } = useTranslation();
  const texts = useRegisterTexts();
  const linkCode = useSearch({ from: '/register', select: (search) => search.school });
  const afterLogin = useAfterLogin();
  const { session } = useAppSession();
  const sso = useSsoConfig(true);
  const [form, setForm] = useState({
    name: '',
    email: '',
    phone: '',
    password: '',
    password_confirmation: '',
    school_code: linkCode ?? '',
  });
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  // Once the server has asked for the school, its field stays, so a corrected code can be sent.
  const [askSchool, setAskSchool] = useState(false);
  const focus = useFailedSubmitFocus(sending);
  const bind = (field: keyof typeof form) => ({
    name: field,
    value: form[field],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [field]: event.target.value })),
    errors: failure.fields[field],
  });
  const schoolRefused = failure.fields['school_code'] !== undefined;
  // The code goes on to the login page (and its SSO button) as it stands in the form.
  const carried = form.school_code.trim();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setFailure(NO_FAILURE);
    focus.submitted();
    try {
      const { school_code: code, ...account } = form;
      const phone = account.phone.trim();
      const school = code.trim();
      await session.register({
        ...account,
        phone: phone === '' ? null : phone,
        ...(school !== '' && { school_code: school }),
      });
      void afterLogin('/');
    } catch (err) {
      const next = formFailure(err, t('auth.registerFailed'));
      if (next.fields['school_code'] !== undefined) setAskSchool(true);
      setFailure(next);
      setSending(false);
    }
  };

  return (
    <AuthLayout title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      {sso?.enabled === true && (
        <>
          <button
            type="button"
            className="button button-secondary button-block sso-button"
            onClick={() => leaveForSso(undefined, carried)}
          >
            {texts.ssoButton.replace('{provider}', sso.provider)}
          </button>
          <p className="auth-divider">
            <span>{texts.or}</span>
          </p>
        </>
      )}
      <form ref={focus.form} className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure.message !== null && (
          <p className="alert alert-error" role="alert">
            {failure.message}
          </p>
        )}
        {schoolRefused && (
          <p className="alert alert-error" role="alert">
            {texts.schoolNeeded}
          </p>
        )}
        {askSchool && (
          <TextField
            label={texts.schoolCode}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={64}
            hint={texts.schoolCodeHint}
            {...bind('school_code')}
          />
        )}
        <TextField label={t('auth.name')} autoComplete="name" required {...bind('name')} />
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...bind('email')}
        />
        <TextField
          label={`${t('auth.phone')} ${t('auth.optional')}`}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          {...bind('phone')}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
          hint={t('auth.passwordHint')}
          {...bind('password')}
        />
        <TextField
          label={t('auth.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          required
          {...bind('password_confirmation')}
        />
        <button type="submit" className="button button-primary button-block" disabled={sending}>
          {sending ? t('auth.sending') : t('auth.submitRegister')}
        </button>
      </form>
      <p className="auth-switch">
        {t('auth.haveAccount')}{' '}
        <Link to="/login" search={carried === '' ? {} : { school: carried }}>
          {t('auth.toLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
