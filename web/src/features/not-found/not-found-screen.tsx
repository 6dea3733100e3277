import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../components/ui/auth-layout.js';

/** Guests only: a signed-in user on an unknown path is sent to the dashboard by the guard. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('pages.notFound')} subtitle={t('pages.notFoundText')}>
      <p className="auth-switch">
        <Link to="/login">{t('auth.toLogin')}</Link>
      </p>
    </AuthLayout>
  );
}
