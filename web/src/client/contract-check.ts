import type * as ContractsModule from './contracts.js';
import { lazyModule } from '../lib/lazy-module.js';
import { offThread } from '../lib/off-thread.js';
import type {
  CheckResult,
  ContractName,
  ContractOutcome,
  ContractRequest,
} from './contract-types.js';

export interface ContractChecker {
  check<N extends ContractName>(request: ContractRequest & { name: N }): Promise<CheckResult<N>>;
  /** Starts loading the schemas ahead of the first answer, beside the request for it. */
  warm(): void;
}

type LoadContracts = () => Promise<typeof ContractsModule>;

/** The schemas on this thread, imported on first use (again after a failed load). */
function inline(loadContracts: LoadContracts): Pick<ContractChecker, 'warm'> & {
  run(request: ContractRequest): Promise<ContractOutcome>;
} {
  const contracts = lazyModule(loadContracts);
  return {
    warm: () => void contracts.load().catch(() => undefined),
    run: async (request) => (await contracts.load()).runCheck(request),
  };
}

/**
 * Checks answers in a worker when `makeWorker` gives one, else on this thread; a worker that
 * fails leaves every check to this thread (lib/off-thread.ts), so an answer is never lost to it.
 */
export function createContractChecker(
  makeWorker: (() => Worker) | null,
  loadContracts: LoadContracts = () => import('./contracts.js'),
): ContractChecker {
  const here = inline(loadContracts);
  const thread = offThread<ContractRequest, ContractOutcome>(makeWorker, (request) =>
    here.run(request),
  );
  return {
    warm() {
      if (!thread.start()) here.warm();
    },
    async check(request) {
      // The outcome's value is what the named schema returned.
      return (await thread.run(request)) as CheckResult<typeof request.name>;
    },
  };
}

/**
 * The app's checker: a module worker in a browser (vite bundles contracts.worker.ts as its own
 * file, precached by the service worker like every script); on this thread where there is no
 * `Worker` (vitest's Node and jsdom).
 */
export const contracts: ContractChecker = createContractChecker(
  typeof Worker === 'function'
    ? () => new Worker(new URL('./contracts.worker.ts', import.meta.url), { type: 'module' })
    : null,
);
