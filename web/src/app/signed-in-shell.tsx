import { AppShell } from '../features/shell/app-shell.js';
import { SyncEngineProvider } from '../sync/index.js';
import { deviceRuntimeFor } from './device-runtime.js';
import { session } from './session.js';

/** The shell route's component: a lazy chunk, so Dexie and the sync engine load with it. */
export function SignedInShell() {
  return (
    <SyncEngineProvider value={deviceRuntimeFor(session).syncRuntime.engine}>
      <AppShell />
    </SyncEngineProvider>
  );
}
