import type { PullResponse, PushResponse, User } from '@urs/sync-protocol';
import type { OffThreadMessage, OffThreadReply } from '../lib/off-thread.js';

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

export type ContractMessage = OffThreadMessage<ContractRequest>;
export type ContractReply = OffThreadReply<ContractOutcome>;

export type CheckResult<N extends ContractName> =
  { ok: true; value: ContractValues[N] } | { ok: false; problem: ContractProblem };
