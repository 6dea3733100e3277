import type * as ContractsModule from './contracts.js';

type Contracts = typeof ContractsModule;

let loading: Promise<Contracts> | null = null;

/**
 * The answer schemas, fetched once on first use. Session bootstrap asks for them before its
 * first request, so the download overlaps the network round trip instead of following it.
 */
export function loadContracts(): Promise<Contracts> {
  loading ??= import('./contracts.js');
  return loading;
}
