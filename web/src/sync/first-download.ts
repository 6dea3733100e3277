import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncState, UrsDatabase } from '../db/database.js';
import { db } from '../db/index.js';
import type { PullProgress } from './pull-progress.js';

/**
 * Whether this user's first full download is still unfinished on this device, and how far it
 * has come. While it is, what the device lacks may simply not have arrived yet: a screen says
 * so instead of "none" or "not found", and counts are not final (issue 45).
 */
export interface FirstDownload {
  active: boolean;
  /** Changes applied so far of the total the server announced; null before the first page. */
  progress: PullProgress | null;
}

/** No first download under way (or none known yet). */
export const IDLE_DOWNLOAD: FirstDownload = { active: false, progress: null };

/**
 * Read from the sync bookkeeping alone, which each page's transaction writes: the cursor still
 * at the beginning (nothing pulled yet, or the tables were cleared for another user, a role
 * change or a restore), or a catch-up from the beginning not yet at its last page. A device
 * that synced before `filled` was kept and holds no unfinished progress was filled long ago.
 * No sync bookkeeping yet tells nothing (the runtime creates it as the shell starts).
 */
export function firstDownloadOf(state: SyncState | undefined): FirstDownload {
  if (state === undefined) return IDLE_DOWNLOAD;
  const progress = state.pull_progress ?? null;
  const active = state.cursor === '' || (progress !== null && state.filled !== true);
  return active ? { active, progress } : IDLE_DOWNLOAD;
}

/**
 * This user's first download on the device, live (see firstDownloadOf); undefined while the
 * first read runs, for a screen that draws its counts' tags with the counts, not after them.
 */
export function useFirstDownloadState(
  userId: string | null | undefined,
  database: UrsDatabase = db,
): FirstDownload | undefined {
  return useLiveQuery(
    async () => (!userId ? IDLE_DOWNLOAD : firstDownloadOf(await database.sync_state.get(userId))),
    [database, userId],
  );
}

/** This user's first download on the device, live (see firstDownloadOf); idle while read. */
export function useFirstDownload(
  userId: string | null | undefined,
  database: UrsDatabase = db,
): FirstDownload {
  return useFirstDownloadState(userId, database) ?? IDLE_DOWNLOAD;
}
