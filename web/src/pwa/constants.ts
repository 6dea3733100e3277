/** Names shared by the service worker (src/sw.ts) and the page-side PWA code. */

/** Runtime cache of viewed report photos (`GET /api/photos/:id`, bytes fetched with a token). */
export const PHOTO_CACHE = 'urs-photos';
/** Runtime cache of avatars (`GET /api/avatars/:sha256`, content-addressed and public). */
export const AVATAR_CACHE = 'urs-avatars';

/** The message the update prompt sends to a waiting worker; the worker never skips on its own. */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

export const SESSION_DATABASE_NAME = 'urs-session';
