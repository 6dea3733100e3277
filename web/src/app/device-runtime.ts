/**
 * Everything that needs IndexedDB on a signed-in device: the sync runtime, the outbox count and
 * the service worker's copy of the session. This module (with Dexie, the sync engine and the
 * protocol schemas) is loaded after first paint: `session.ts` imports it dynamically and the
 * shell route, itself a lazy chunk, statically. The login screen never downloads it.
 */
import type { User } from '@urs/sync-protocol';
import { db } from '../db/index.js';
import { t } from '../lib/i18n.js';
import type { SessionStore } from '../client/session-store.js';
import { toast } from '../client/toast.js';
import { mirrorSession } from '../pwa/session-mirror.js';
import { createSyncRuntime, pendingCountFor, type SyncRuntime } from '../sync/index.js';

export interface DeviceRuntime {
  syncRuntime: SyncRuntime;
  pendingChanges(userId: string): Promise<number>;
  mirrorSession: typeof mirrorSession;
}

let device: DeviceRuntime | null = null;

/** Whether two copies of a user say the same thing (each field a string, number or null). */
function sameUser(a: User, b: User): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key as keyof User] === b[key as keyof User]);
}

/** The one device runtime, created for the app's session the first time anyone asks. */
export function deviceRuntimeFor(session: SessionStore): DeviceRuntime {
  device ??= {
    syncRuntime: createSyncRuntime({
      db,
      getToken: () => session.getState().session?.token ?? null,
      getUserId: () => session.getState().session?.user.id ?? null,
      onSessionRefused() {
        toast.warning(t('sync.pausedBanner'));
      },
      onUser(me) {
        const current = session.getState().session?.user;
        // Only a version at least as new as the session's: a pull that started before a
        // preference was saved must not take it back.
        if (current?.id !== me.id || me.updated_at < current.updated_at) return;
        if (!sameUser(current, me)) session.updateUser(me);
      },
    }),
    pendingChanges: (userId) => pendingCountFor(db, userId),
    mirrorSession,
  };
  return device;
}
