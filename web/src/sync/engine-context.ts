import { createContext, useContext } from 'react';
import type { SyncEngine } from './engine.js';

const SyncEngineContext = createContext<SyncEngine | null>(null);

/** Set by the app around the signed-in shell, whose chunk is the first to load the engine. */
export const SyncEngineProvider = SyncEngineContext.Provider;

/** The device's sync engine; only inside the signed-in shell. */
export function useSyncEngine(): SyncEngine {
  const engine = useContext(SyncEngineContext);
  if (engine === null) throw new Error('useSyncEngine needs a SyncEngineProvider above it');
  return engine;
}
