import type * as ContractsModule from './contracts.js';
import { nextTask } from './next-task.js';

type Contracts = typeof ContractsModule;

let loading: Promise<Contracts> | null = null;

/**
 * The answer schemas, fetched once on first use. Session bootstrap asks for them before its
 * first request, so the download overlaps the network round trip instead of following it. Zod
 * itself is evaluated first, in a task of its own, and the schemas (built as their modules are
 * evaluated) in the next: together they were one task of 10-25 ms at full speed, over the 12 ms
 * (50 ms at Lighthouse's 4x) a task may take on a page already drawn without blocking it.
 */
export function loadContracts(): Promise<Contracts> {
  loading ??= import('zod').then(nextTask).then(() => import('./contracts.js'));
  return loading;
}
