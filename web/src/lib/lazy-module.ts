/** A module imported on first use, kept once loaded, and tried again after a failed load. */
export interface LazyModule<M> {
  /** The module, importing it now if no load is under way or done. */
  load(): Promise<M>;
  /** The module if it is loaded already, without waiting. */
  loaded(): M | null;
}

/**
 * A failed `import()` (a chunk a first visit could not fetch while the network dropped) is not
 * kept: the next use imports again, so the feature comes back with the network instead of
 * failing for the rest of the session.
 */
export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loading: Promise<M> | null = null;
  let loaded: M | null = null;
  return {
    load() {
      if (loading === null) {
        const attempt = importer().then((module) => (loaded = module));
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
