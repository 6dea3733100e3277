import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// The logo drawn inline, not asked for as an image: the login page is drawn ahead with it, and
// an image request before the first paint was one more file for that paint to wait on
// (Lighthouse's simulated LCP counted it). The file stays the favicon's, drawn once.
import logoSvg from '../../../public/favicon.svg?raw';

/** The centred card that login, register and the SSO callback share (no shell: no session yet). */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="auth">
      <div className="auth-card">
        <div className="auth-brand">
          <span
            className="auth-logo"
            aria-hidden="true"
            dangerouslySetInnerHTML={{ __html: logoSvg }}
          />
          <div>
            <div className="auth-app">{t('app.name')}</div>
            <div className="auth-school">{t('app.school')}</div>
          </div>
        </div>
        <h1 className="auth-title">{title}</h1>
        {subtitle !== undefined && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}
