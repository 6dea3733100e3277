// @vitest-environment jsdom
import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router.js';
import { preloadOpeningRoute } from './route-preload.js';

const router = createAppRouter();

/** The real route tree, recording which routes' chunks are asked for instead of loading them. */
function recordingRouter() {
  const asked: string[] = [];
  return {
    asked,
    getMatchedRoutes: (pathname: string) => router.getMatchedRoutes(pathname),
    loadRouteChunk(route: AnyRoute) {
      const id: unknown = route.id;
      asked.push(String(id));
      return Promise.resolve();
    },
  };
}

describe('preloading the route a page opens on', () => {
  it('asks for the shell and the dashboard at once for a device that keeps a token', async () => {
    const loader = recordingRouter();
    await preloadOpeningRoute(loader, '/', true);
    expect(loader.asked).toEqual(expect.arrayContaining(['/_shell', '/_shell/']));
  });

  it('asks for the login screen for a visitor without a token', async () => {
    const loader = recordingRouter();
    await preloadOpeningRoute(loader, '/login', false);
    expect(loader.asked).toContain('/login');
    expect(loader.asked).not.toContain('/_shell');
  });

  it('asks for nothing where the guard will send the visitor elsewhere', async () => {
    const guest = recordingRouter();
    await preloadOpeningRoute(guest, '/inventory', false);
    expect(guest.asked).toEqual([]);
    const signedIn = recordingRouter();
    await preloadOpeningRoute(signedIn, '/login', true);
    expect(signedIn.asked).toEqual([]);
  });

  it('leaves a failed download to the router instead of an unhandled rejection', async () => {
    const failing = {
      getMatchedRoutes: (pathname: string) => router.getMatchedRoutes(pathname),
      loadRouteChunk: () => Promise.reject(new Error('offline')),
    };
    expect((await preloadOpeningRoute(failing, '/login', false)).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
