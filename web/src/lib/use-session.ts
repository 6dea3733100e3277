import { useSyncExternalStore } from 'react';
import type { User } from '@urs/sync-protocol';
import { announcementPoller, session } from './app-session.js';
import type { PreferenceController } from './preferences.js';
import type { SessionState } from './session.js';

/** The session as React state: `{ status, session }`, re-rendering on login, logout and updates. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** The signed-in user; for screens inside the shell, where the guard guarantees one. */
export function useCurrentUser(): User | null {
  return useSession().session?.user ?? null;
}

export function usePreference<T extends string>(controller: PreferenceController<T>): T {
  return useSyncExternalStore(controller.subscribe, controller.get, controller.get);
}

export function useUnreadAnnouncements(): number {
  return useSyncExternalStore(
    announcementPoller.subscribe,
    announcementPoller.getCount,
    announcementPoller.getCount,
  );
}
