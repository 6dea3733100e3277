/**
 * The listeners of a store or change feed (read with useSyncExternalStore, or heard directly):
 * `subscribe` returns its own unsubscribe, `notify` calls every listener with the change.
 */
export function createListeners<A extends unknown[] = []>() {
  const listeners = new Set<(...args: A) => void>();
  return {
    subscribe: (listener: (...args: A) => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: (...args: A): void => {
      for (const listener of listeners) listener(...args);
    },
  };
}
