import { lazyModule } from '../lib/lazy-module.js';
import type * as RulesModule from './rules-module.js';

export type SyncRules = typeof RulesModule;

const rules = lazyModule<SyncRules>(() => import('./rules-module.js'));

/**
 * The contract's checks the sync code runs on the page (a mutation's args before it is queued,
 * a seq-gap answer), loaded on first use: their module builds zod's schemas, which the shell's
 * start would otherwise pay for on the main thread (decision 020). The service worker precaches
 * the chunk with every other, so it loads offline too.
 */
export function loadSyncRules(): Promise<SyncRules> {
  // A failed load (a first visit that lost the network) is tried again at the next use.
  return rules.load();
}

/** The checks if they are loaded already, without waiting (see outbox.ts, enqueueReady). */
export function syncRulesLoaded(): SyncRules | null {
  return rules.loaded();
}
