import { lazy, Suspense } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { AppSessionProvider, usePreference } from '../lib/use-session.js';
import type { AppRouter } from './router.js';
import { appSession, themePreference } from './session.js';

const AppToaster = lazy(() =>
  import('../components/ui/toaster.js').then((m) => ({ default: m.AppToaster })),
);
// No screen opens a dialog before its first paint; the queue (lib/dialog.ts) keeps any asked
// for while the host loads, so it is left out of the first download like the toaster.
const DialogHost = lazy(() =>
  import('../components/ui/dialog-host.js').then((m) => ({ default: m.DialogHost })),
);

export function App({ router }: { router: AppRouter }) {
  const theme = usePreference(themePreference);
  return (
    <AppSessionProvider value={appSession}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <AppToaster theme={theme === 'dark' ? 'dark' : 'light'} />
      </Suspense>
      <Suspense fallback={null}>
        <DialogHost />
      </Suspense>
    </AppSessionProvider>
  );
}
