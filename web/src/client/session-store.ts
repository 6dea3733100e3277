import type { User } from '@urs/sync-protocol';
import { contracts } from './contract-check.js';
import { ApiError, UnexpectedResponseError, type ApiClient } from './api-client.js';
import { STORAGE_KEYS } from '../lib/storage-keys.js';
import { field, stringField } from '../lib/json-fields.js';
import { createListeners } from '../lib/listeners.js';

export interface Session {
  token: string;
  user: User;
}

/**
 * `loading` until bootstrap has decided; the router waits for `ready`. A session that ended
 * says how: `logout` when this tab's user signed out, `ended` when it ended on its own (the
 * server refused it, or another tab signed out).
 */
export type SessionState =
  | { status: 'loading'; session: null }
  | { status: 'ready'; session: Session | null; ended?: 'logout' | 'ended' };

/** How a session came to be: a fresh login, a verified token at start, or the offline cache. */
export type SessionSource = 'login' | 'bootstrap' | 'cached';

export interface SessionStoreDeps {
  api: Pick<ApiClient, 'json'>;
  storage: Storage;
  /** Side effects of a signed-in user: sync, polling, preferences. Errors are logged, not thrown. */
  onSignedIn?: (session: Session, source: SessionSource) => void | Promise<void>;
  onSignedOut?: () => void;
  /**
   * Where another tab's sign-in and sign-out are heard (`storage` events of the same storage):
   * the window in the app, none in tests that do not ask for it.
   */
  otherTabs?: Pick<Window, 'addEventListener'>;
  /** Another tab signed in with another token: start this tab over (the app reloads it). */
  onOtherTabSession?: () => void;
}

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface RegisterPayload extends LoginCredentials {
  name: string;
  phone?: string | null;
  password_confirmation: string;
  /** The school's registration code, from its registration link (several schools only). */
  school_code?: string;
}

export const TOKEN_REQUIRED_MESSAGE = 'Token autentikasi diperlukan';
export const TOKEN_MISSING_MESSAGE = 'Token tidak ditemukan di response';

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** Resolves once bootstrap has finished (at once if it already has). */
  ready: () => Promise<void>;
  bootstrap: () => Promise<void>;
  setSession: (token: string | null | undefined, user: User, source?: SessionSource) => void;
  login: (credentials: LoginCredentials) => Promise<Session>;
  register: (payload: RegisterPayload) => Promise<Session>;
  /** Ends the session on the server, then here even if the server call failed. */
  logout: () => Promise<void>;
  /** Forgets the session on this device only (after a 401). */
  clear: () => void;
  updateUser: (user: User) => void;
}

export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const { api, storage } = deps;
  let state: SessionState = { status: 'loading', session: null };
  const changes = createListeners();
  let markReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const publish = (next: SessionState) => {
    state = next;
    if (next.status === 'ready') markReady();
    changes.notify();
  };

  // One browser, one session: a sign-out in another tab ends it here too, and another sign-in
  // there (another user, or a new token) starts this tab over, so no tab keeps showing one
  // user while its requests carry the next one's token.
  deps.otherTabs?.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
    const current = state.session;
    const token = storage.getItem(STORAGE_KEYS.token);
    if (current === null || token === current.token) return;
    if (token === null || token === '') clear();
    else deps.onOtherTabSession?.();
  });

  const runSignedIn = (session: Session, source: SessionSource) => {
    Promise.resolve(deps.onSignedIn?.(session, source)).catch((err: unknown) => {
      console.error('Gagal menyiapkan sesi', err);
    });
  };

  function setSession(
    token: string | null | undefined,
    user: User,
    source: SessionSource = 'login',
  ) {
    if (token === null || token === undefined || token === '') {
      throw new Error(TOKEN_REQUIRED_MESSAGE);
    }
    storage.setItem(STORAGE_KEYS.token, token);
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    const session = { token, user };
    publish({ status: 'ready', session });
    runSignedIn(session, source);
  }

  function clear(how: 'logout' | 'ended' = 'ended') {
    const hadSession = state.session !== null || storage.getItem(STORAGE_KEYS.token) !== null;
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.user);
    storage.removeItem(STORAGE_KEYS.analyticsSnapshot);
    publish({ status: 'ready', session: null, ...(state.session !== null && { ended: how }) });
    if (hadSession) deps.onSignedOut?.();
  }

  async function fetchUser(): Promise<User> {
    const body = await api.json('GET', 'api/user');
    // The spec allows either `{ user }` or the user object itself.
    const user = (await parseUser(field(body, 'user'))) ?? (await parseUser(body));
    if (user === null) throw new UnexpectedResponseError('user data not recognised');
    return user;
  }

  async function signInWith(body: unknown): Promise<Session> {
    const token = stringField(body, 'access_token') ?? stringField(body, 'token');
    if (token === undefined || token === '') throw new Error(TOKEN_MISSING_MESSAGE);
    let user = await parseUser(field(body, 'user'));
    if (user === null) {
      // The token must be in storage before asking who it belongs to.
      storage.setItem(STORAGE_KEYS.token, token);
      user = await fetchUser();
    }
    setSession(token, user, 'login');
    return { token, user };
  }

  return {
    getState: () => state,
    subscribe: changes.subscribe,
    ready: () => readyPromise,

    async bootstrap() {
      const token = storage.getItem(STORAGE_KEYS.token);
      if (token === null || token === '') {
        publish({ status: 'ready', session: null });
        return;
      }
      // Start loading the schemas now, beside the request that needs them.
      contracts.warm();
      const verifying = fetchUser();
      const refused = (err: unknown) => err instanceof ApiError && err.status === 401;
      // A weak signal can hold the check for the whole request timeout while every screen
      // waits for the session: with a user kept on the device, the screen opens with it after
      // BOOT_WAIT_MS and the check ends in the background (a 401 then signs out, as anywhere).
      const kept = readCachedUser(storage);
      const cachedFirst = kept.then(async (cached) => {
        await new Promise((resolve) => setTimeout(resolve, BOOT_WAIT_MS));
        return cached;
      });
      const first = await Promise.race([
        verifying.then(
          (user) => ({ user }),
          (err: unknown) => ({ err }),
        ),
        cachedFirst.then((cached) => (cached === null ? new Promise<never>(() => {}) : { cached })),
      ]);
      if ('user' in first) {
        setSession(token, first.user, 'bootstrap');
        return;
      }
      if ('err' in first && refused(first.err)) {
        clear();
        return;
      }
      // Offline, slow or failing: an offline-first app keeps the last known session, and the
      // next call that reaches the server decides whether it is still valid.
      const cached = await kept;
      if (cached === null) {
        publish({ status: 'ready', session: null });
        return;
      }
      const session = { token, user: cached };
      publish({ status: 'ready', session });
      runSignedIn(session, 'cached');
      if ('cached' in first) {
        verifying.then(
          (user) => {
            // Confirmed after all: as a start that had the answer in time (sync resumes from
            // a pause an earlier 401 left, the server's preferences apply).
            if (state.session?.token === token) setSession(token, user, 'bootstrap');
          },
          (err: unknown) => {
            if (refused(err) && state.session?.token === token) clear();
          },
        );
      }
    },

    setSession,

    async login(credentials) {
      return signInWith(await api.json('POST', 'api/login', credentials));
    },

    async register(payload) {
      return signInWith(await api.json('POST', 'api/register', payload));
    },

    async logout() {
      try {
        await api.json('POST', 'api/logout', {});
      } catch (err) {
        // Offline or already expired: the device must still forget the session.
        console.error('Gagal keluar di server', err);
      }
      clear('logout');
    },

    clear: () => clear(),

    updateUser(user) {
      const current = state.session;
      if (current === null) return;
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      publish({ status: 'ready', session: { token: current.token, user } });
    },
  };
}

/** The user in an API answer, or null when it breaks the contract. */
export async function parseUser(value: unknown): Promise<User | null> {
  const result = await contracts.check({ name: 'user', value });
  return result.ok ? result.value : null;
}

/** How long a start waits for the server to confirm a session the device already knows. */
export const BOOT_WAIT_MS = 3_000;

async function readCachedUser(storage: Storage): Promise<User | null> {
  const raw = storage.getItem(STORAGE_KEYS.user);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return parseUser(value);
}
