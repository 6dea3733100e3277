/** Runs `work` while holding the sync lock; resolves with its result. */
export type SyncLock = <T>(work: () => Promise<T>) => Promise<T>;

export const SYNC_LOCK_NAME = 'urs-sync';

/**
 * One sync at a time across tabs and the service worker, through a Web Lock where the browser
 * has one (two tabs pushing the same outbox would send the same seqs twice and race on the
 * cursor). Older browsers get a mutex for this tab only.
 */
export function createSyncLock(name = SYNC_LOCK_NAME): SyncLock {
  const locks =
    typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  if (locks !== undefined && typeof locks.request === 'function') {
    return (work) => locks.request(name, () => work());
  }
  return createMemoryLock();
}

export function createMemoryLock(): SyncLock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}
