/**
 * Everything that needs IndexedDB on a signed-in device: the sync runtime, the outbox count and
 * the service worker's copy of the session. This module (with Dexie, the sync engine and the
 * protocol schemas) is loaded after first paint: `app-session` imports it dynamically and the
 * shell, itself a lazy chunk, statically. The login screen never downloads it.
 */
import { db } from '../db/index.js';
import { mirrorSession } from '../pwa/session-mirror.js';
import { pendingCountFor } from '../sync/index.js';
import { session } from './app-session.js';
import { t } from './i18n.js';
import { createSyncRuntime } from './sync-runtime.js';
import { toast } from './toast.js';

export const syncRuntime = createSyncRuntime({
  db,
  getToken: () => session.getState().session?.token ?? null,
  getUserId: () => session.getState().session?.user.id ?? null,
  onSessionRefused() {
    toast.warning(t('sync.pausedBanner'));
  },
});

export function pendingChanges(userId: string): Promise<number> {
  return pendingCountFor(db, userId);
}

export { mirrorSession };
