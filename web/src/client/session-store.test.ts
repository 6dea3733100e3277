// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@urs/sync-protocol';
import { ApiError, NetworkError, type ApiClient } from './api-client.js';
import {
  BOOT_WAIT_MS,
  createSessionStore,
  parseUser,
  TOKEN_MISSING_MESSAGE,
  TOKEN_REQUIRED_MESSAGE,
  type SessionStoreDeps,
} from './session-store.js';
import { testUser } from '../test/user.js';

const user: User = testUser({ id: 'u-1', preferred_theme: 'light' });

type Json = ApiClient['json'];

function setup(json: Json) {
  const onSignedIn = vi.fn<NonNullable<SessionStoreDeps['onSignedIn']>>();
  const onSignedOut = vi.fn();
  const store = createSessionStore({
    api: { json },
    storage: localStorage,
    onSignedIn,
    onSignedOut,
  });
  return { store, onSignedIn, onSignedOut };
}

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('setting a session', () => {
  it('requires a token', () => {
    const { store } = setup(vi.fn());
    expect(() => store.setSession('', user)).toThrow(TOKEN_REQUIRED_MESSAGE);
    expect(() => store.setSession(null, user)).toThrow('Token autentikasi diperlukan');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('keeps the token under auth_token and the user for offline starts', () => {
    const { store } = setup(vi.fn());
    store.setSession('tok', user);
    expect(localStorage.getItem('auth_token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('urs_user') ?? 'null')).toEqual(user);
    expect(store.getState()).toEqual({ status: 'ready', session: { token: 'tok', user } });
  });
});

describe('login', () => {
  it('accepts access_token', async () => {
    const { store, onSignedIn } = setup(
      vi.fn<Json>().mockResolvedValue({ access_token: 'a', user }),
    );
    await store.login({ email: user.email, password: 'x' });
    expect(localStorage.getItem('auth_token')).toBe('a');
    expect(onSignedIn).toHaveBeenCalledWith({ token: 'a', user }, 'login');
  });

  it('accepts token', async () => {
    const { store } = setup(vi.fn<Json>().mockResolvedValue({ token: 'b', user }));
    await expect(store.login({ email: user.email, password: 'x' })).resolves.toEqual({
      token: 'b',
      user,
    });
  });

  it('refuses an answer without a token', async () => {
    const { store } = setup(vi.fn<Json>().mockResolvedValue({ user }));
    await expect(store.login({ email: user.email, password: 'x' })).rejects.toThrow(
      TOKEN_MISSING_MESSAGE,
    );
    expect(TOKEN_MISSING_MESSAGE).toBe('Token tidak ditemukan di response');
    expect(store.getState().session).toBeNull();
  });

  it('asks for the user when the login answer has none', async () => {
    const json = vi
      .fn<Json>()
      .mockResolvedValueOnce({ access_token: 'c' })
      .mockResolvedValueOnce({ user });
    const { store } = setup(json);
    await store.login({ email: user.email, password: 'x' });
    expect(json).toHaveBeenLastCalledWith('GET', 'api/user');
    expect(store.getState().session?.user).toEqual(user);
  });
});

describe('bootstrap', () => {
  it('is ready with no session when there is no token', async () => {
    const json = vi.fn<Json>();
    const { store } = setup(json);
    await store.bootstrap();
    await store.ready();
    expect(store.getState()).toEqual({ status: 'ready', session: null });
    expect(json).not.toHaveBeenCalled();
  });

  it('loads the user for a stored token (either answer shape)', async () => {
    localStorage.setItem('auth_token', 'tok');
    const { store, onSignedIn } = setup(vi.fn<Json>().mockResolvedValue(user));
    await store.bootstrap();
    expect(store.getState().session).toEqual({ token: 'tok', user });
    expect(onSignedIn).toHaveBeenCalledWith({ token: 'tok', user }, 'bootstrap');
  });

  it('clears the session on 401', async () => {
    localStorage.setItem('auth_token', 'old');
    localStorage.setItem('urs_user', JSON.stringify(user));
    const { store, onSignedOut } = setup(
      vi.fn<Json>().mockRejectedValue(new ApiError(401, 'Sesi tidak valid', null)),
    );
    await store.bootstrap();
    expect(store.getState()).toEqual({ status: 'ready', session: null });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('urs_user')).toBeNull();
    expect(onSignedOut).toHaveBeenCalled();
  });

  it('keeps the cached session when offline', async () => {
    localStorage.setItem('auth_token', 'tok');
    localStorage.setItem('urs_user', JSON.stringify(user));
    const { store, onSignedIn } = setup(
      vi.fn<Json>().mockRejectedValue(new NetworkError(new TypeError('Failed to fetch'))),
    );
    await store.bootstrap();
    expect(store.getState().session).toEqual({ token: 'tok', user });
    expect(localStorage.getItem('auth_token')).toBe('tok');
    expect(onSignedIn).toHaveBeenCalledWith({ token: 'tok', user }, 'cached');
  });

  it('opens with the kept user when the server is slow to answer, then follows its answer', async () => {
    localStorage.setItem('auth_token', 'tok');
    localStorage.setItem('urs_user', JSON.stringify(user));
    // The contract's checks load on first use, with real timers.
    await parseUser(user);
    vi.useFakeTimers();
    try {
      for (const answer of ['user', '401'] as const) {
        let settle: (outcome: 'user' | '401') => void = () => undefined;
        const json = vi.fn<Json>(
          () =>
            new Promise((resolve, reject) => {
              settle = (outcome) =>
                outcome === 'user'
                  ? resolve({ user: { ...user, name: 'Nama baru' } })
                  : reject(new ApiError(401, 'Sesi tidak valid', null));
            }),
        );
        const { store, onSignedIn } = setup(json);
        const started = store.bootstrap();
        await vi.advanceTimersByTimeAsync(BOOT_WAIT_MS - 100);
        expect(store.getState().status).toBe('loading');
        await vi.advanceTimersByTimeAsync(200);
        await started;
        expect(store.getState().session).toEqual({ token: 'tok', user });
        expect(onSignedIn).toHaveBeenCalledWith({ token: 'tok', user }, 'cached');

        settle(answer);
        await vi.advanceTimersByTimeAsync(0);
        await vi.waitFor(() =>
          expect(store.getState().session?.user.name ?? null).toBe(
            answer === 'user' ? 'Nama baru' : null,
          ),
        );
        // Refused late, the session ended on its own: the shell sends the tab to login.
        if (answer === '401') expect(store.getState()).toMatchObject({ ended: 'ended' });
        if (answer === 'user') {
          expect(onSignedIn).toHaveBeenLastCalledWith(
            { token: 'tok', user: { ...user, name: 'Nama baru' } },
            'bootstrap',
          );
        }
        localStorage.setItem('auth_token', 'tok');
        localStorage.setItem('urs_user', JSON.stringify(user));
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('has no session offline without a cached user, but keeps the token for later', async () => {
    localStorage.setItem('auth_token', 'tok');
    const { store } = setup(vi.fn<Json>().mockRejectedValue(new NetworkError(null)));
    await store.bootstrap();
    expect(store.getState()).toEqual({ status: 'ready', session: null });
    expect(localStorage.getItem('auth_token')).toBe('tok');
  });
});

describe('another tab', () => {
  function withOtherTabs(json: Json) {
    const onOtherTabSession = vi.fn();
    const onSignedOut = vi.fn();
    const store = createSessionStore({
      api: { json },
      storage: localStorage,
      onSignedOut,
      otherTabs: window,
      onOtherTabSession,
    });
    return { store, onOtherTabSession, onSignedOut };
  }
  const fromOtherTab = (key: string | null) =>
    window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));

  it('signing out there signs out here', () => {
    const { store, onSignedOut } = withOtherTabs(vi.fn());
    store.setSession('tok', user);
    localStorage.removeItem('auth_token');
    fromOtherTab('auth_token');
    expect(store.getState()).toEqual({ status: 'ready', session: null, ended: 'ended' });
    expect(onSignedOut).toHaveBeenCalled();
  });

  it('signing in there with another token starts this tab over; its own writes change nothing', () => {
    const { store, onOtherTabSession } = withOtherTabs(vi.fn());
    store.setSession('tok', user);
    fromOtherTab('urs_theme');
    fromOtherTab('auth_token');
    expect(onOtherTabSession).not.toHaveBeenCalled();
    localStorage.setItem('auth_token', 'someone-else');
    fromOtherTab('auth_token');
    expect(onOtherTabSession).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  it('calls the server, then clears', async () => {
    const json = vi.fn<Json>().mockResolvedValue({ message: 'ok' });
    const { store, onSignedOut } = setup(json);
    store.setSession('tok', user);
    localStorage.setItem('urs_analytics_snapshot', '{}');
    await store.logout();
    expect(json).toHaveBeenCalledWith('POST', 'api/logout', {});
    // The admin's figures go with them: the next user of the phone does not find them.
    expect(localStorage.getItem('urs_analytics_snapshot')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(store.getState()).toEqual({ status: 'ready', session: null, ended: 'logout' });
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('clears even when the server call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, onSignedOut } = setup(vi.fn<Json>().mockRejectedValue(new NetworkError(null)));
    store.setSession('tok', user);
    await store.logout();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(store.getState().session).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });
});
