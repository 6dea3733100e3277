import { pullResponseSchema, pushResponseSchema, userSchema } from '@urs/sync-protocol';
import type { ContractRequest, ContractOutcome } from './contract-types.js';

/*
 * The schemas that check server answers outside the screens: who the user is, and what push
 * and pull return. Never in the first download: in a browser they run in a worker
 * (contracts.worker.ts), elsewhere they are imported on first use (contract-check.ts).
 */
const SCHEMAS = { user: userSchema, push: pushResponseSchema, pull: pullResponseSchema };

/** Reads (when given text) and checks one answer against its contract. */
export function runCheck(request: ContractRequest): ContractOutcome {
  let value: unknown;
  if ('text' in request) {
    try {
      value = JSON.parse(request.text);
    } catch {
      return { ok: false, problem: 'not_json' };
    }
  } else {
    value = request.value;
  }
  const parsed = SCHEMAS[request.name].safeParse(value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problem: 'breaks_contract' };
}
