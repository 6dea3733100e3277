import { createListeners } from '../lib/listeners.js';

type LocalWriteListener = (userId: string) => void;

const writes = createListeners<[userId: string]>();

/** Lets the sync triggers hear about a committed local write (to push it soon after). */
export function onLocalWrite(listener: LocalWriteListener): () => void {
  return writes.subscribe(listener);
}

/** Called after a local write has committed, never before: a listener may start a push at once. */
export function notifyLocalWrite(userId: string): void {
  writes.notify(userId);
}
