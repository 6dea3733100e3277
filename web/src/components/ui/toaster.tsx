import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { DEFAULT_TOAST_DURATION, markToasterMounted } from '../../lib/toast.js';

/** sonner's Toaster with our defaults; loaded lazily by the app root. */
export function AppToaster({ theme }: { theme: 'dark' | 'light' }) {
  useEffect(() => markToasterMounted(), []);
  return (
    <Toaster
      theme={theme}
      position="bottom-right"
      closeButton
      duration={DEFAULT_TOAST_DURATION}
      toastOptions={{ className: 'toast' }}
    />
  );
}
