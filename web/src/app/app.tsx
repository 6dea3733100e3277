import { useSyncExternalStore } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { AppSessionProvider, usePreference } from '../client/use-session.js';
import { dialogs } from '../client/dialog.js';
import { lazyModule } from '../lib/lazy-module.js';
import { toasterDemand } from '../client/toast.js';
import { useLoadedWhen } from '../lib/use-loaded-when.js';
import type { AppRouter } from './router.js';
import { appSession, themePreference } from './services.js';

// No screen shows a toast or opens a dialog to draw itself, so neither the toaster (sonner) nor
// the dialog host is in a page's first load: each is fetched when the first toast or dialog is
// asked for, which waits for it (client/toast.ts, client/dialog.ts), and then stays on the page.
const toasterModule = lazyModule(() => import('../components/ui/toaster.js'));
const dialogHostModule = lazyModule(() => import('../components/ui/dialog-host.js'));

function OnDemandToaster() {
  const theme = usePreference(themePreference);
  const wanted = useSyncExternalStore(
    toasterDemand.subscribe,
    toasterDemand.wanted,
    toasterDemand.wanted,
  );
  const loaded = useLoadedWhen(toasterModule, wanted);
  return loaded === null ? null : <loaded.AppToaster theme={theme === 'dark' ? 'dark' : 'light'} />;
}

const dialogAsked = () => dialogs.current() !== null;

function OnDemandDialogHost() {
  const wanted = useSyncExternalStore(dialogs.subscribe, dialogAsked, dialogAsked);
  const loaded = useLoadedWhen(dialogHostModule, wanted);
  return loaded === null ? null : <loaded.DialogHost />;
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppSessionProvider value={appSession}>
      <RouterProvider router={router} />
      <OnDemandToaster />
      <OnDemandDialogHost />
    </AppSessionProvider>
  );
}
