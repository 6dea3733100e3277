/**
 * The app's single session and everything that follows a signed-in user around: sync, the
 * unread poller, preferences and the service worker's copy of the token. Nothing else creates
 * these objects; screens reach them through `AppSessionProvider` (see `client/use-session.ts`).
 */
import type { Language, Theme } from '@urs/sync-protocol';
import type { AppSession } from '../client/use-session.js';
import { api } from '../client/api.js';
import { UnexpectedResponseError } from '../client/api-client.js';
import { createAnnouncementPoller } from '../client/announcement-poller.js';
import { confirmDialog } from '../client/dialog.js';
import { t } from '../lib/i18n.js';
import { createLanguageController, createThemeController } from '../client/preferences.js';
import {
  createSessionStore,
  parseUser,
  type Session,
  type SessionSource,
} from '../client/session-store.js';
import { toast } from '../client/toast.js';
import { syncsFieldData } from '../lib/district.js';
import { field, numberField } from '../lib/json-fields.js';
import { afterFirstScreen } from './first-screen.js';
import { nextTask } from './next-task.js';

function savePreference(preference: 'preferred_theme' | 'preferred_language') {
  return () => {
    if (session.getState().session === null) return null;
    return async (value: Theme | Language) => {
      const body = await api.json('POST', 'api/profile/preferences', { [preference]: value });
      const user = await parseUser(field(body, 'user') ?? null);
      if (user !== null) session.updateUser(user);
    };
  };
}

export const themePreference = createThemeController({
  storage: localStorage,
  saveRemote: savePreference('preferred_theme'),
});

export const languagePreference = createLanguageController({
  storage: localStorage,
  saveRemote: savePreference('preferred_language'),
});

/** The user's unread notifications as the poll last answered them (decision 031). */
let polledNotifications: number | undefined;

export const announcementPoller = createAnnouncementPoller({
  async fetchCount() {
    const body = await api.json('GET', 'api/announcements/unread-count');
    const count = numberField(body, 'count');
    if (count === undefined)
      throw new UnexpectedResponseError('unread count answer not recognised');
    // The same answer counts the user's unread notifications (absent from an older server):
    // a number that changed means news for this device's inbox, so it syncs now, and without
    // push the inbox is at most one poll late.
    const notifications = numberField(body, 'notifications');
    if (notifications !== undefined && notifications !== polledNotifications) {
      const first = polledNotifications === undefined;
      polledNotifications = notifications;
      if (!first) void syncNow();
    }
    return count;
  },
  onRise(count) {
    if (session.getState().session === null) return;
    toast.info(t('announcements.newTitle', { count }), t('announcements.newText'));
  },
});

/** The IndexedDB side of a signed-in device, loaded on demand (see device-runtime.ts). */
const deviceRuntime = () => import('./device-runtime.js').then((m) => m.deviceRuntimeFor(session));

/** Whether the session that started this work is still the one signed in. */
function stillSignedIn(token: string, userId: string): boolean {
  const current = session.getState().session;
  return current?.token === token && current.user.id === userId;
}

async function onSignedIn({ token, user }: Session, source: SessionSource) {
  themePreference.init({ user: user.preferred_theme });
  languagePreference.init({ user: user.preferred_language });
  // The screen first; the background work after it, each part in a task of its own.
  await afterFirstScreen();
  // Signed out (or in as someone else) meanwhile: onSignedOut has already stopped everything.
  if (!stillSignedIn(token, user.id)) return;
  const fieldData = syncsFieldData(user.role);
  if (fieldData) announcementPoller.start();
  const device = await deviceRuntime();
  await nextTask();
  if (!stillSignedIn(token, user.id)) return;
  if (!fieldData) {
    // The district administrator has no school's data to sync. The service worker keeps no
    // session either, so a Background Sync left behind by the phone's last user does nothing:
    // that user's queue waits for them, as it does for any other sign-in.
    await device.mirrorSession(null);
    return;
  }
  await Promise.all([
    device.mirrorSession({ token, userId: user.id }),
    device.syncRuntime.start(user.id, { tokenVerified: source !== 'cached' }),
  ]);
}

/** One sync cycle now, for news the server announced (the poll). */
async function syncNow(): Promise<void> {
  const current = session.getState().session;
  if (current === null || !syncsFieldData(current.user.role)) return;
  const device = await deviceRuntime();
  await device.syncRuntime.engine.syncOnce({ force: true }).catch((err: unknown) => {
    console.error('Sinkronisasi gagal', err);
  });
}

function onSignedOut() {
  announcementPoller.stop();
  polledNotifications = undefined;
  // The server deleted this session's push subscriptions at logout (decision 031); the browser
  // drops its own, so the next user of this phone is never woken by the last one's news.
  void import('../pwa/push-subscription.js')
    .then((push) => push.unsubscribePush())
    .catch((err: unknown) => {
      console.error('Gagal mematikan notifikasi', err);
    });
  void deviceRuntime()
    .then((device) => {
      device.syncRuntime.stop();
      return device.mirrorSession(null);
    })
    .catch((err: unknown) => {
      console.error('Gagal menghapus sesi service worker', err);
    });
}

export const session = createSessionStore({
  api,
  storage: localStorage,
  onSignedIn,
  onSignedOut,
  otherTabs: window,
  onOtherTabSession: () => location.reload(),
});

/**
 * Logs out after warning about changes still on this device. Returns false when the user chose
 * to stay. The outbox is kept: it is this user's, and goes out at their next sign-in.
 */
export async function logOut(): Promise<boolean> {
  const user = session.getState().session?.user;
  if (user !== undefined) {
    const pending = await deviceRuntime()
      .then((device) => device.pendingChanges(user.id))
      .catch(() => 0);
    if (pending > 0) {
      const leave = await confirmDialog({
        title: t('logout.pendingTitle', { count: pending }),
        text: t('logout.pendingText'),
        icon: 'warning',
        confirmLabel: t('logout.confirm'),
        cancelLabel: t('logout.cancel'),
        danger: true,
      });
      if (!leave) return false;
    }
  }
  await session.logout();
  return true;
}

/** What screens may use of the above, handed to them by `AppSessionProvider`. */
export const appSession: AppSession = {
  session,
  themePreference,
  languagePreference,
  announcementPoller,
  logOut,
};
