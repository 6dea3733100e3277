import type { FormEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormFailure } from '../../client/server-errors.js';
import { AuthLayout } from '../../components/ui/auth-layout.js';
import { TextField } from '../../components/ui/text-field.js';
import type { SsoConfig } from './sso-redirect.js';
import './sso-i18n.js';

export interface LoginFormProps {
  /** Null in the page rendered ahead: its send button stays inert until the live form takes over. */
  formRef: Ref<HTMLFormElement> | null;
  localOnly: boolean;
  sso: SsoConfig | null;
  email: string;
  password: string;
  sending: boolean;
  failure: FormFailure;
  onEmail: (value: string) => void;
  onPassword: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onSso: () => void;
  /** Why the last single sign-on came back here (a school refusal), shown above everything. */
  notice?: ReactNode;
  /** The router's link in the app; a plain anchor in the page the build renders ahead. */
  registerLink: ReactNode;
}

/**
 * What the login screen draws, without the router or the session: the build renders it ahead
 * into `login/index.html` (build/login-markup.tsx), so it must stay free of both.
 */
export function LoginForm(props: LoginFormProps) {
  const { t } = useTranslation();
  const { localOnly, sso, failure } = props;
  return (
    <AuthLayout
      title={localOnly ? t('auth.adminLoginTitle') : t('auth.loginTitle')}
      subtitle={localOnly ? t('auth.adminLoginSubtitle') : t('auth.loginSubtitle')}
    >
      {props.notice !== undefined && props.notice !== null && (
        <p className="alert alert-error auth-notice" role="alert">
          {props.notice}
        </p>
      )}
      {sso?.enabled === true && (
        <>
          <button
            type="button"
            className="button button-secondary button-block sso-button"
            onClick={props.onSso}
          >
            {t('sso.button', { provider: sso.provider })}
          </button>
          <p className="auth-divider">
            <span>{t('sso.or')}</span>
          </p>
        </>
      )}
      <form
        ref={props.formRef ?? undefined}
        className="form"
        method="post"
        onSubmit={props.onSubmit}
        noValidate
      >
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
          value={props.email}
          onChange={(event) => props.onEmail(event.target.value)}
          errors={failure.fields['email']}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={props.password}
          onChange={(event) => props.onPassword(event.target.value)}
          errors={failure.fields['password']}
        />
        {Object.keys(failure.fields).length > 0 && (
          <p className="sr-only" role="alert">
            {Object.values(failure.fields).flat().join(' ')}
          </p>
        )}
        {/* Before the scripts a send would post the form to the server, which has no such page;
            an inert button and no other way to submit (two fields block Enter) keep it here. */}
        <button
          type={props.formRef === null ? 'button' : 'submit'}
          className="button button-primary button-block"
          disabled={props.sending}
        >
          {props.sending ? t('auth.sending') : t('auth.submitLogin')}
        </button>
      </form>
      {!localOnly && (
        <p className="auth-switch">
          {t('auth.noAccount')} {props.registerLink}
        </p>
      )}
    </AuthLayout>
  );
}
