/** A module imported on first use, kept once loaded, and tried again after a failed load. */
export interface LazyModule<M> {
  /** The module, importing it now if no load is under way or done. */
  load(): Promise<M>;
  /** The module if it is loaded already, without waiting. */
  loaded(): M | null;
}

/**
 * A failed `import()` (a chunk a first visit could not fetch while the network dropped) is not
 * kept here: the next use calls `import()` again. A browser that follows the current HTML
 * standard (whatwg/html#10327: Firefox and Safari in 2026; Chromium has it under way) then fetches
 * the chunk again, so the feature comes back with the network; one that still keeps a failed
 * module fetch for the page's life fails the same way until a reload, as it did before. The
 * service worker precaches every chunk, so this is a first visit's case only.
 */
export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loading: Promise<M> | null = null;
  let loaded: M | null = null;
  return {
    load() {
      if (loading === null) {
        // Through a promise: an importer that throws fails the load, never the caller.
        const attempt = Promise.resolve()
          .then(importer)
          .then((module) => (loaded = module));
        loading = attempt;
        attempt.catch(() => {
          if (loading === attempt) loading = null;
        });
      }
      return loading;
    },
    loaded: () => loaded,
  };
}
