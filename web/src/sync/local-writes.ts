type LocalWriteListener = (userId: string) => void;

const listeners = new Set<LocalWriteListener>();

/** Lets the sync triggers hear about a committed local write (to push it soon after). */
export function onLocalWrite(listener: LocalWriteListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after a local write has committed, never before: a listener may start a push at once. */
export function notifyLocalWrite(userId: string): void {
  for (const listener of listeners) listener(userId);
}
