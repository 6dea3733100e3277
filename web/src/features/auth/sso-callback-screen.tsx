import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../components/ui/auth-layout.js';
import { api } from '../../client/api.js';
import { ApiError, UnexpectedResponseError } from '../../client/api-client.js';
import { parseUser, TOKEN_MISSING_MESSAGE, type SessionStore } from '../../client/session-store.js';
import { useAppSession } from '../../client/use-session.js';
import { serverMessage } from '../../client/server-errors.js';
import { isSsoSchoolRefusal, redirectAfterSso } from './sso-redirect.js';
import './sso-i18n.js';
import { field, stringField } from '../../lib/json-fields.js';

/**
 * The provider's code is single use: StrictMode's second effect run (and any remount) must
 * share the one request instead of spending the code twice.
 */
const attempts = new Map<string, Promise<string>>();

/** Posts the callback query, signs in exactly as a password login does, returns where to go. */
async function completeSso(session: SessionStore, query: string): Promise<string> {
  const body = await api.json('POST', 'api/auth/microsoft/callback', { query });
  const token = stringField(body, 'access_token');
  if (token === undefined || token === '') throw new Error(TOKEN_MISSING_MESSAGE);
  const user = await parseUser(field(body, 'user') ?? null);
  if (user === null) throw new UnexpectedResponseError('user data not recognised');
  // The same store call the password login ends with: token in storage, sync, preferences.
  session.setSession(token, user, 'login');
  return redirectAfterSso(body);
}

function attempt(session: SessionStore, query: string): Promise<string> {
  let pending = attempts.get(query);
  if (pending === undefined) {
    pending = completeSso(session, query);
    attempts.set(query, pending);
  }
  return pending;
}

/** `/auth/microsoft/callback`: the provider sent the browser back here with a code. */
export function SsoCallbackScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useAppSession();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    attempt(session, window.location.search).then(
      (target) => {
        if (active) void navigate({ href: target, replace: true });
      },
      (err: unknown) => {
        if (!active) return;
        // The school of a new account could not be told: the login page says why and what to
        // do, and offers the way on (the registration link, or the email form) right there.
        const code = err instanceof ApiError ? err.code : undefined;
        if (isSsoSchoolRefusal(code)) {
          void navigate({ to: '/login', search: { sso_error: code }, replace: true });
          return;
        }
        setError(
          serverMessage(err) ??
            (err instanceof Error && err.message !== '' ? err.message : t('sso.failed')),
        );
      },
    );
    return () => {
      active = false;
    };
  }, [navigate, t]);

  return (
    <AuthLayout title={t('auth.ssoTitle')}>
      {error === null ? (
        <p className="alert alert-info" role="status">
          {t('sso.working')}
        </p>
      ) : (
        <>
          <p className="alert alert-error" role="alert">
            {error}
          </p>
          <p className="auth-switch">
            <Link to="/login">{t('sso.backToLogin')}</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
