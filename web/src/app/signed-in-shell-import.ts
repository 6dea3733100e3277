import { loadContracts } from '../lib/load-contracts.js';
import type * as SignedInShellModule from './signed-in-shell.js';
import { nextTask } from '../lib/next-task.js';

/**
 * The signed-in shell's chunk, with its heaviest modules evaluated first, one per task: the
 * contract schemas (zod's core, zod, the schemas: loadContracts) and Dexie. Imported at once,
 * the shell's module graph (Dexie, zod and every schema the sync engine checks with) was
 * evaluated in one task of 25-40 ms at full speed, 100-170 ms at Lighthouse's 4x CPU, while the
 * signed-in frame drawn ahead was already on the screen. The session's bootstrap has usually
 * asked for the contracts already, and the starter for Dexie, so nothing here waits for the
 * network that the shell would not have waited for.
 */
export async function importSignedInShell(): Promise<typeof SignedInShellModule> {
  // A failed download is the shell's own import's to report (it needs the same chunks).
  await loadContracts().catch(() => undefined);
  await nextTask();
  await import('dexie');
  await nextTask();
  return import('./signed-in-shell.js');
}
