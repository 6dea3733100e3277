import { useEffect, useState } from 'react';
import type { LazyModule } from './lazy-module.js';

/**
 * How long a failed load waits before it is tried again (sooner when the browser comes online);
 * each further failure waits twice as long, up to RELOAD_AT_MOST_EVERY_MS.
 */
export const RELOAD_AFTER_FAILURE_MS = 10_000;
export const RELOAD_AT_MOST_EVERY_MS = 5 * 60_000;

/**
 * `module` once something wants it, and from then on; null until it has loaded. For a part of
 * the page that nothing shows at first (the toaster, the dialog host): its chunk stays out of the
 * first load and is fetched the first time it is wanted. A failed load (a first visit whose
 * network dropped before the service worker had precached the chunk) never reaches React: it is
 * tried again after RELOAD_AFTER_FAILURE_MS (then less and less often), or as soon as the browser
 * says it is online, for as long as the module is still wanted (see lazyModule on which browsers
 * then fetch again: one that keeps a failed module fetch for the page's life fails until a
 * reload, so the waits grow instead of asking every 10 s all day).
 */
export function useLoadedWhen<M>(module: LazyModule<M>, wanted: boolean): M | null {
  const [loaded, setLoaded] = useState<M | null>(() => module.loaded());
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || loaded !== null) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const tryAgain = () => {
      if (live) setAttempt((n) => n + 1);
    };
    module.load().then(
      (m) => {
        if (live) setLoaded(() => m);
      },
      (err: unknown) => {
        if (!live) return;
        console.warn('Modul gagal dimuat; dicoba lagi nanti', err);
        const wait = Math.min(RELOAD_AFTER_FAILURE_MS * 2 ** attempt, RELOAD_AT_MOST_EVERY_MS);
        retry = setTimeout(tryAgain, wait);
        window.addEventListener('online', tryAgain, { once: true });
      },
    );
    return () => {
      live = false;
      clearTimeout(retry);
      window.removeEventListener('online', tryAgain);
    };
  }, [module, wanted, loaded, attempt]);
  return loaded;
}
