import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../db/database.js';
import { useOnline } from '../lib/use-online.js';
import type { SyncEngine } from './engine.js';
import type { PullProgress } from './pull.js';
import {
  onReachabilityChange,
  serverUnreachableSince,
  setServerUnreachable,
} from './reachability.js';
import { pendingCountFor, rejectedFor } from './local-data-owner.js';

export interface SyncStatus {
  online: boolean;
  /** Online, but the last sync got no answer from the server (see reachability.ts). */
  unreachable: boolean;
  pendingCount: number;
  rejected: OutboxEntry[];
  lastSuccessAt: string | null;
  error: string | null;
  syncing: boolean;
  /** During a pull of more than one page: rows so far of the server's total. */
  pullProgress: PullProgress | null;
  /** The server refused the session: ask the user to sign in again, then call engine.resume(). */
  paused: boolean;
}

/** Everything a status badge or the outbox screen shows, live from Dexie and the engine. */
export function useSyncStatus(engine: SyncEngine, userId: string | null): SyncStatus {
  const online = useOnline();
  const unreachableSince = useSyncExternalStore(
    onReachabilityChange,
    serverUnreachableSince,
    () => null,
  );
  const engineState = useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
  const stored = useLiveQuery(async () => {
    if (userId === null) return null;
    const [pendingCount, rejected, state] = await Promise.all([
      pendingCountFor(engine.db, userId),
      rejectedFor(engine.db, userId),
      engine.db.sync_state.get(userId),
    ]);
    return { pendingCount, rejected, state };
  }, [engine.db, userId]);

  const lastSuccessAt = stored?.state?.last_success_at ?? null;
  // The service worker's own sync (another engine) got through since this page's failed.
  const syncedSince =
    unreachableSince !== null &&
    lastSuccessAt !== null &&
    Date.parse(lastSuccessAt) >= unreachableSince;
  useEffect(() => {
    if (syncedSince) setServerUnreachable(false);
  }, [syncedSince]);
  return {
    online,
    unreachable: online && unreachableSince !== null && !syncedSince,
    pendingCount: stored?.pendingCount ?? 0,
    rejected: stored?.rejected ?? [],
    lastSuccessAt,
    error: stored?.state?.last_error ?? null,
    syncing: engineState.syncing,
    pullProgress: engineState.pullProgress,
    paused: (stored?.state?.paused_reason ?? null) !== null,
  };
}
