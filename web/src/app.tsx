import { RouterProvider } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { DialogHost } from './components/ui/dialog-host.js';
import { themePreference } from './lib/app-session.js';
import { DEFAULT_TOAST_DURATION } from './lib/toast.js';
import { usePreference } from './lib/use-session.js';
import { router } from './router.js';

export function App() {
  const theme = usePreference(themePreference);
  return (
    <>
      <RouterProvider router={router} />
      <Toaster
        theme={theme === 'dark' ? 'dark' : 'light'}
        position="bottom-right"
        closeButton
        duration={DEFAULT_TOAST_DURATION}
        toastOptions={{ className: 'toast' }}
      />
      <DialogHost />
    </>
  );
}
