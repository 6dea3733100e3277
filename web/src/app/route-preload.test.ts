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

  it('evaluates the signed-in library first, and asks for the shell’s chunk a task after it arrived', async () => {
    const loader = recordingRouter();
    const order: string[] = [];
    let arrive: () => void = () => undefined;
    const library = () => {
      order.push('library');
      return new Promise<void>((resolve) => {
        arrive = () => {
          order.push('library arrived');
          resolve();
        };
      });
    };
    const preloading = preloadOpeningRoute(
      { ...loader, loadRouteChunk: (route) => (order.push(String(route.id)), Promise.resolve()) },
      '/',
      true,
      library,
    );
    // Still downloading: nothing else is asked for, however many tasks pass.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['library']);
    arrive();
    for (let tick = 0; tick < 20; tick++) await Promise.resolve();
    // Arrived: the shell waits for a later task, not a microtask.
    expect(order).toEqual(['library', 'library arrived']);
    await preloading;
    expect(order.slice(0, 2)).toEqual(['library', 'library arrived']);
    expect(order).toEqual(expect.arrayContaining(['/_shell', '/_shell/']));
  });

  it('does not load the signed-in library for a guest route, nor stop on its failed download', async () => {
    let asked = 0;
    const guest = recordingRouter();
    await preloadOpeningRoute(guest, '/login', false, () => {
      asked += 1;
      return Promise.resolve();
    });
    expect(asked).toBe(0);
    expect(guest.asked).toContain('/login');
    const offline = recordingRouter();
    await preloadOpeningRoute(offline, '/', true, () => Promise.reject(new Error('offline')));
    expect(offline.asked).toEqual(expect.arrayContaining(['/_shell', '/_shell/']));
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
