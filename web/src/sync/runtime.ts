import type { UrsDatabase } from '../db/database.js';
import type { User } from '@urs/sync-protocol';
import { createSyncEngine, type SyncEngine, type SyncOutcome } from './engine.js';
import { claimLocalData } from './local-data-owner.js';
import { requestPersistentStorage } from './storage.js';
import { registerBackgroundSync, startSyncTriggers, type SyncTriggers } from './triggers.js';

export interface SyncRuntimeDeps {
  db: UrsDatabase;
  getToken: () => string | null;
  getUserId: () => string | null;
  /** The server refused the session during a sync: ask the user to sign in again. */
  onSessionRefused: () => void;
  /**
   * After each sync that pulled: the user as the server now knows them (a role, a name or an
   * email an admin changed), for the session to take on.
   */
  onUser?: (me: User) => void;
}

export interface SyncRuntime {
  engine: SyncEngine;
  /** Takes over the device's data for this user and starts syncing. */
  start(userId: string, options: { tokenVerified: boolean }): Promise<void>;
  stop(): void;
}

export function createSyncRuntime(deps: SyncRuntimeDeps): SyncRuntime {
  const { db } = deps;
  const engine = createSyncEngine({
    db,
    baseUrl: '/',
    getToken: deps.getToken,
    getUserId: deps.getUserId,
  });
  let triggers: SyncTriggers | null = null;
  let wasPaused = false;
  let lastOutcome: SyncOutcome | null = null;
  engine.subscribe(() => {
    const outcome = engine.getState().lastOutcome;
    const paused = outcome?.status === 'paused' && outcome.reason === 'unauthorized';
    if (paused && !wasPaused) deps.onSessionRefused();
    wasPaused = paused;
    if (outcome !== lastOutcome && outcome?.status === 'ok' && deps.onUser !== undefined) {
      const { onUser } = deps;
      const userId = deps.getUserId();
      if (userId !== null) {
        void db.sync_state.get(userId).then((state) => {
          const me = state?.me ?? null;
          if (me !== null && me.id === deps.getUserId()) onUser(me);
        });
      }
    }
    lastOutcome = outcome;
  });

  return {
    engine,
    async start(userId, { tokenVerified }) {
      try {
        await claimLocalData(db, userId);
        void requestPersistentStorage();
        // A pause from an earlier 401 is lifted only by a token the server has just accepted;
        // an offline start with a cached session must not retry a refused token in a loop.
        if (tokenVerified) {
          const state = await db.sync_state.get(userId);
          if ((state?.paused_reason ?? null) !== null) await engine.resume();
        }
      } finally {
        // Whatever failed above, the sync runs: each cycle claims the tables again first, and
        // a session without its triggers would never send what the user saves.
        triggers?.stop();
        triggers = startSyncTriggers(engine);
        registerBackgroundSync().catch(() => {
          // Unsupported (Safari, Firefox): the foreground triggers cover it.
        });
      }
    },
    stop() {
      triggers?.stop();
      triggers = null;
    },
  };
}
