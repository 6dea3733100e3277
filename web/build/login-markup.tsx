import { renderToString } from 'react-dom/server';
import { initI18n } from '../src/lib/i18n.js';
import { LoginForm } from '../src/features/auth/login-form.js';

const NOTHING = () => undefined;

/**
 * The login form as the app first draws it (Indonesian, no SSO button until the server has
 * answered, empty fields), rendered by React at build time into `login/index.html`.
 */
export function render(): string {
  const i18n = initI18n('id');
  return renderToString(
    <LoginForm
      formRef={null}
      localOnly={false}
      sso={null}
      email=""
      password=""
      sending={false}
      failure={{ fields: {}, message: null }}
      onEmail={NOTHING}
      onPassword={NOTHING}
      onSubmit={NOTHING}
      onSso={NOTHING}
      registerLink={<a href="/register">{i18n.t('auth.toRegister')}</a>}
    />,
  );
}
