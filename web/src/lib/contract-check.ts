import type { PullResponse, PushResponse, User } from '@urs/sync-protocol';
import type * as ContractsModule from './contracts.js';
import { lazyModule } from './lazy-module.js';

/** The answers checked against the shared contract before the app uses them. */
export interface ContractValues {
  user: User;
  push: PushResponse;
  pull: PullResponse;
}
export type ContractName = keyof ContractValues;

/** An answer as the body's text (read and checked), or a value read already (checked). */
export type ContractRequest = { name: ContractName } & ({ text: string } | { value: unknown });

/** Why an answer was refused: its body is not JSON, or its JSON is not what the contract says. */
export type ContractProblem = 'not_json' | 'breaks_contract';

export type ContractOutcome =
  { ok: true; value: unknown } | { ok: false; problem: ContractProblem };

export interface ContractMessage {
  id: number;
  request: ContractRequest;
}
export interface ContractReply {
  id: number;
  outcome: ContractOutcome;
}

export type CheckResult<N extends ContractName> =
  { ok: true; value: ContractValues[N] } | { ok: false; problem: ContractProblem };

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
 * Checks answers in a worker when `makeWorker` gives one, else on this thread. A worker that
 * fails to start or to answer (an old browser, a script the network could not bring) leaves
 * every waiting and later check to this thread, so an answer is never lost to it.
 */
export function createContractChecker(
  makeWorker: (() => Worker) | null,
  loadContracts: LoadContracts = () => import('./contracts.js'),
): ContractChecker {
  const here = inline(loadContracts);
  let worker: Worker | null = null;
  let broken = makeWorker === null;
  let nextId = 1;
  const waiting = new Map<
    number,
    { request: ContractRequest; settle: (outcome: Promise<ContractOutcome>) => void }
  >();

  const giveUp = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const { request, settle } of waiting.values()) settle(here.run(request));
    waiting.clear();
  };

  const started = (): Worker | null => {
    if (broken || makeWorker === null) return null;
    if (worker !== null) return worker;
    try {
      worker = makeWorker();
    } catch {
      giveUp();
      return null;
    }
    worker.onmessage = (event: MessageEvent<ContractReply>) => {
      const entry = waiting.get(event.data.id);
      if (entry === undefined) return;
      waiting.delete(event.data.id);
      entry.settle(Promise.resolve(event.data.outcome));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      giveUp();
    };
    worker.onmessageerror = giveUp;
    return worker;
  };

  return {
    warm() {
      if (started() === null) here.warm();
    },
    async check(request) {
      const target = started();
      let outcome: ContractOutcome;
      if (target === null) {
        outcome = await here.run(request);
      } else {
        const id = nextId++;
        outcome = await new Promise<ContractOutcome>((resolve, reject) => {
          const settle = (p: Promise<ContractOutcome>) => void p.then(resolve, reject);
          waiting.set(id, { request, settle });
          const message: ContractMessage = { id, request };
          try {
            target.postMessage(message);
          } catch {
            // A value the structured clone cannot copy: check it here instead.
            waiting.delete(id);
            settle(here.run(request));
          }
        });
      }
      // The outcome's value is what the named schema returned.
      return outcome as CheckResult<typeof request.name>;
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
