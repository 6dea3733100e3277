// @vitest-environment jsdom
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SSO_CALLBACK_PATH } from '../features/auth/sso-redirect.js';
import { STORAGE_KEYS } from '../lib/storage-keys.js';
import { restoreKeptRedirect } from './kept-redirect.js';

/*
 * main.tsx restores the kept path once the router's first load is done, while React may still be
 * rendering the app in a transition: the router's listener is only there once it has committed.
 * Both orders are held open here with a memory router whose /settings has a guard.
 */

function appRouter(path: string, signedIn: boolean) {
  const root = createRootRoute({ component: Outlet });
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    component: () => <h1>Masuk</h1>,
  });
  const settings = createRoute({
    getParentRoute: () => root,
    path: '/settings',
    beforeLoad: ({ location }) => {
      if (!signedIn) {
        redirect({ throw: true, to: '/login', search: { redirect: location.href }, replace: true });
      }
    },
    component: () => <h1>Pengaturan</h1>,
  });
  const callback = createRoute({
    getParentRoute: () => root,
    path: SSO_CALLBACK_PATH,
    component: () => <h1>Callback</h1>,
  });
  return createRouter({
    routeTree: root.addChildren([login, settings, callback]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
}

function keeping(value: string): Storage {
  sessionStorage.clear();
  sessionStorage.setItem(STORAGE_KEYS.postLoginRedirect, value);
  return sessionStorage;
}

beforeAll(() => {
  // The router restores scroll on navigation; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('restoring the kept post-login redirect at start-up', () => {
  it('opens the kept route when React has not committed yet, so nothing listens to the history', async () => {
    const router = appRouter('/login', true);
    await router.load();
    await restoreKeptRedirect(router, keeping('/settings?tab=x'));
    expect(sessionStorage.getItem(STORAGE_KEYS.postLoginRedirect)).toBeNull();
    // React's first render commits only now.
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Pengaturan' });
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.location.search).toEqual({ tab: 'x' });
    expect(router.history.location.pathname).toBe('/settings');
    // Replaced, not pushed: going back does not return to the screen the page opened on.
    expect(router.history.length).toBe(1);
  });

  it('goes through the guard, also before React has committed', async () => {
    const router = appRouter('/login', false);
    await router.load();
    await restoreKeptRedirect(router, keeping('/settings'));
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Masuk' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/settings' });
    expect(router.history.location.search).toBe('?redirect=%2Fsettings');
  });

  it('opens the kept route when React has already committed', async () => {
    const router = appRouter('/login', true);
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Masuk' });
    await act(() => restoreKeptRedirect(router, keeping('/settings')));
    await screen.findByRole('heading', { name: 'Pengaturan' });
    expect(router.history.length).toBe(1);
  });

  it('leaves the SSO callback and what it keeps alone, and drops an unsafe value without following it', async () => {
    const callback = appRouter(`${SSO_CALLBACK_PATH}?code=abc`, true);
    await callback.load();
    expect(restoreKeptRedirect(callback, keeping('/settings'))).toBeUndefined();
    expect(sessionStorage.getItem(STORAGE_KEYS.postLoginRedirect)).toBe('/settings');
    expect(callback.history.location.search).toBe('?code=abc');

    for (const unsafe of ['//evil.example/x', 'https://evil.example/', 'settings']) {
      const router = appRouter('/login', true);
      await router.load();
      expect(restoreKeptRedirect(router, keeping(unsafe))).toBeUndefined();
      expect(sessionStorage.getItem(STORAGE_KEYS.postLoginRedirect)).toBeNull();
      expect(router.history.location.pathname).toBe('/login');
    }
  });
});
