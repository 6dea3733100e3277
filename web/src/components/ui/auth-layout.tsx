import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
          <img src="/favicon.svg" alt="" width={40} height={40} />
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
