/** Names shared by the service worker (src/sw.ts) and the page-side PWA code. */

/** Runtime cache of viewed report photos (`GET /api/photos/:id`, bytes fetched with a token). */
export const PHOTO_CACHE = 'urs-photos';
/** Runtime cache of avatars (`GET /api/avatars/:sha256`, content-addressed and public). */
export const AVATAR_CACHE = 'urs-avatars';

/** The message the update prompt sends to a waiting worker; the worker never skips on its own. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

export const SESSION_DATABASE_NAME = 'urs-session';

/**
 * What the service worker tells the open pages when a push arrived (decision 031): sync now, so
 * what it announced is on the screen when the user looks. `unread` is the push's badge number.
 */
export const PUSH_ARRIVED_MESSAGE_TYPE = 'URS_PUSH_ARRIVED';

/** Whether a message from the service worker is the one above. */
export function isPushArrivedMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    Reflect.get(data, 'type') === PUSH_ARRIVED_MESSAGE_TYPE
  );
}

/** What the service worker tells an open page when a notification was tapped: go to `path`. */
export const OPEN_PATH_MESSAGE_TYPE = 'URS_OPEN_PATH';

/** The app path of an open-path message, or null for any other message. */
export function openPathOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  if (Reflect.get(data, 'type') !== OPEN_PATH_MESSAGE_TYPE) return null;
  const path: unknown = Reflect.get(data, 'path');
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
