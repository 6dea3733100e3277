import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../components/ui/auth-layout.js';

/** The API has no single sign-on yet; this route exists so the path and its guard are in place. */
export function SsoCallbackScreen() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.ssoTitle')}>
      <p className="alert alert-info">{t('auth.ssoUnavailable')}</p>
      <p className="auth-switch">
        <Link to="/login">{t('auth.toLogin')}</Link>
      </p>
    </AuthLayout>
  );
}
