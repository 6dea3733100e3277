import { useEffect, useRef } from 'react';

/**
 * Forms register here while they are open, so nothing reloads the page (an app update, for
 * one) over input the user has not saved yet.
 */
const dirtyChecks = new Map<string, () => boolean>();

/** Registers a form's dirty check under `id` (a later call with the same id replaces it). */
export function registerUnsavedChanges(id: string, isDirty: () => boolean): () => void {
  dirtyChecks.set(id, isDirty);
  return () => {
    // Only remove our own check: a remounted form may have registered again under this id.
    if (dirtyChecks.get(id) === isDirty) dirtyChecks.delete(id);
  };
}

/** True when any registered form holds input that is not saved. */
export function hasUnsavedChanges(): boolean {
  for (const isDirty of dirtyChecks.values()) {
    try {
      if (isDirty()) return true;
    } catch {
      // A broken check counts as dirty: losing input is worse than one more question.
      return true;
    }
  }
  return false;
}

/** Hook form of registerUnsavedChanges: `useUnsavedChanges('report-create', form.isDirty)`. */
export function useUnsavedChanges(id: string, dirty: boolean): void {
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  useEffect(() => registerUnsavedChanges(id, () => dirtyRef.current), [id]);
}
