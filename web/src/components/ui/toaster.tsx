import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { DEFAULT_TOAST_DURATION, markToasterMounted } from '../../lib/toast.js';
import './toaster-i18n.js';

/** sonner's Toaster with our defaults and labels; loaded lazily by the app root. */
export function AppToaster({ theme }: { theme: 'dark' | 'light' }) {
  const { t } = useTranslation();
  useEffect(() => markToasterMounted(), []);
  return (
    <Toaster
      theme={theme}
      position="bottom-right"
      closeButton
      duration={DEFAULT_TOAST_DURATION}
      customAriaLabel={t('toasts.region')}
      toastOptions={{ className: 'toast', closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
