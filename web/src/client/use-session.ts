import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Language, Theme, User } from '@urs/sync-protocol';
import type { AnnouncementPoller } from './announcement-poller.js';
import type { PreferenceController } from './preferences.js';
import type { SessionState, SessionStore } from './session-store.js';

/** The app's session and what follows it around, created once by `app/` and handed down. */
export interface AppSession {
  session: SessionStore;
  themePreference: PreferenceController<Theme>;
  languagePreference: PreferenceController<Language>;
  announcementPoller: AnnouncementPoller;
  /**
   * Logs out after warning about changes still on this device. Returns false when the user
   * chose to stay.
   */
  logOut: () => Promise<boolean>;
}

const AppSessionContext = createContext<AppSession | null>(null);

export const AppSessionProvider = AppSessionContext.Provider;

export function useAppSession(): AppSession {
  const app = useContext(AppSessionContext);
  if (app === null) throw new Error('useAppSession needs an AppSessionProvider above it');
  return app;
}

/** The session as React state: `{ status, session }`, re-rendering on login, logout and updates. */
export function useSession(): SessionState {
  const { session } = useAppSession();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** The signed-in user; for screens inside the shell, where the guard guarantees one. */
export function useCurrentUser(): User | null {
  return useSession().session?.user ?? null;
}

export function usePreference<T extends string>(controller: PreferenceController<T>): T {
  return useSyncExternalStore(controller.subscribe, controller.get, controller.get);
}
