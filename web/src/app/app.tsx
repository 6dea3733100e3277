import { lazy, Suspense } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { DialogHost } from '../components/ui/dialog-host.js';
import { AppSessionProvider, usePreference } from '../lib/use-session.js';
import { router } from './router.js';
import { appSession, themePreference } from './session.js';

const AppToaster = lazy(() =>
  import('../components/ui/toaster.js').then((m) => ({ default: m.AppToaster })),
);

export function App() {
  const theme = usePreference(themePreference);
  return (
    <AppSessionProvider value={appSession}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <AppToaster theme={theme === 'dark' ? 'dark' : 'light'} />
      </Suspense>
      <DialogHost />
    </AppSessionProvider>
  );
}
