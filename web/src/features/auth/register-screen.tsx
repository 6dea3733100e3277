import { Link } from '@tanstack/react-router';
import { MIN_PASSWORD_LENGTH } from '@urs/sync-protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formFailure, type FormFailure } from '../../client/server-errors.js';
import { useAppSession } from '../../client/use-session.js';
import { AuthLayout } from '../../components/ui/auth-layout.js';
import { TextField } from '../../components/ui/text-field.js';
import { useAfterLogin } from './use-after-login.js';

const NO_FAILURE: FormFailure = { fields: {}, message: null };

export function RegisterScreen() {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const { session } = useAppSession();
  const [form, setForm] = useState({
    name: '',
    email: '',
    phone: '',
    password: '',
    password_confirmation: '',
  });
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const bind = (field: keyof typeof form) => ({
    name: field,
    value: form[field],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [field]: event.target.value })),
    errors: failure.fields[field],
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setFailure(NO_FAILURE);
    try {
      const phone = form.phone.trim();
      await session.register({ ...form, phone: phone === '' ? null : phone });
      void afterLogin('/');
    } catch (err) {
      setFailure(formFailure(err, t('auth.registerFailed')));
      setSending(false);
    }
  };

  return (
    <AuthLayout title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure.message !== null && (
          <p className="alert alert-error" role="alert">
            {failure.message}
          </p>
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
        {t('auth.haveAccount')} <Link to="/login">{t('auth.toLogin')}</Link>
      </p>
    </AuthLayout>
  );
}
