import { startTransition, useEffect, useState } from 'react';
import { AppShell } from '../features/shell/app-shell.js';
import { signedInFrameShown } from '../features/dashboard/signed-in-frame-id.js';
import { SyncEngineProvider } from '../sync/index.js';
import { deviceRuntimeFor } from './device-runtime.js';
import { firstScreenDrawn } from './first-screen.js';
import { session } from './services.js';

/**
 * The shell route's component: a lazy chunk, so Dexie and the sync engine load with it.
 *
 * The router renders its matches synchronously (its state reaches React through
 * useSyncExternalStore, which React never time-slices), so the shell and the dashboard under it
 * were drawn in one long task. While index.html's frame drawn ahead covers the page, nothing of
 * the live shell is seen until the dashboard takes the frame away, so the shell first renders
 * nothing and then itself as a transition, which React renders in slices that give the main
 * thread back. Without the frame (any other visit) it renders at once, as before.
 */
export function SignedInShell() {
  const [live, setLive] = useState(() => !signedInFrameShown());
  useEffect(() => {
    if (live) firstScreenDrawn();
    else startTransition(() => setLive(true));
  }, [live]);
  if (!live) return null;
  return (
    <SyncEngineProvider value={deviceRuntimeFor(session).syncRuntime.engine}>
      <AppShell />
    </SyncEngineProvider>
  );
}
