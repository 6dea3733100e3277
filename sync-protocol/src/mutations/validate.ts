import { ERROR_MESSAGES, fieldErrors } from '../errors.js';
import type { MutationEnvelope } from '../envelope.js';
import {
  MUTATION_ARGS,
  isMutationName,
  type MutationName,
  type ParsedMutationArgs,
} from './index.js';

export type ParsedMutation = {
  [N in MutationName]: { name: N; args: ParsedMutationArgs<N> };
}[MutationName];

export type MutationCheck =
  | { ok: true; mutation: ParsedMutation }
  | {
      ok: false;
      code: 'unknown_mutation' | 'validation';
      message: string;
      errors?: Record<string, string[]>;
    };

/**
 * Judges one outbox entry against the contract. Never throws: an unknown name or a wrong
 * shape is an answer ('rejected' on the server, a form error on the client), not a crash.
 */
export function checkMutation(envelope: Pick<MutationEnvelope, 'name' | 'args'>): MutationCheck {
  if (!isMutationName(envelope.name)) {
    return {
      ok: false,
      code: 'unknown_mutation',
      message: `Mutasi tidak dikenal: ${envelope.name}`,
    };
  }
  const result = MUTATION_ARGS[envelope.name].safeParse(envelope.args);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const first = Object.values(errors)[0]?.[0];
    return { ok: false, code: 'validation', message: first ?? ERROR_MESSAGES.validation, errors };
  }
  return { ok: true, mutation: { name: envelope.name, args: result.data } as ParsedMutation };
}
