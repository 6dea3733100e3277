import type { AnyRoute } from '@tanstack/react-router';
import { nextTask } from './next-task.js';

/** The pathless route every signed-in screen hangs under (router.tsx's `_shell`). */
const SIGNED_IN_SHELL_ID = '/_shell';

interface ChunkLoader {
  getMatchedRoutes(pathname: string): readonly [ReadonlyArray<AnyRoute>, ...unknown[]];
  loadRouteChunk(route: AnyRoute): Promise<unknown> | undefined;
}

/**
 * Starts downloading the lazy chunks of the route the page opened on, at once, instead of when
 * the router reaches them: its guard first waits for the session, and a signed-in session
 * waits for `GET /api/user`, so the dashboard's chunks would only be asked for a round trip
 * later. Only what the visitor will be allowed to see: a signed-in route when a token is kept,
 * a guest route when none is (a redirect would make the download wasted). A failed download
 * (offline) is the router's to report when it loads the route itself. Each route's chunks are
 * asked for in a task of its own: asking appends a link per chunk and stylesheet, tens of them
 * for the signed-in shell and the dashboard together, long enough to block the page drawn ahead.
 * Resolves with the routes asked for once every request is made (not downloaded).
 *
 * `signedInLibrary`, for a signed-in route only, is imported and so evaluated first, in a task
 * of its own (main.tsx: Dexie, 98 KB minified, which the shell's chunks import statically):
 * otherwise it was evaluated with them in one task, one of the longest of a signed-in start.
 * The routes' chunks are asked for only once it has arrived, so it is given only where they are
 * already being fetched (the frame drawn ahead preloads them, build/route-html.ts); a failed
 * download is left to the router, as the routes' own.
 */
export async function preloadOpeningRoute(
  router: ChunkLoader,
  pathname: string,
  hasToken: boolean,
  signedInLibrary?: () => Promise<unknown>,
): Promise<AnyRoute[]> {
  const [routes] = router.getMatchedRoutes(pathname);
  const signedInRoute = routes.some((route) => route.id === SIGNED_IN_SHELL_ID);
  if (signedInRoute !== hasToken) return [];
  if (signedInRoute && signedInLibrary !== undefined) {
    await signedInLibrary().catch(() => undefined);
    await nextTask();
  }
  for (const [index, route] of routes.entries()) {
    if (index > 0) await nextTask();
    void router.loadRouteChunk(route)?.catch(() => undefined);
  }
  return [...routes];
}
