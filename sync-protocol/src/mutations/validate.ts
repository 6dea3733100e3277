import { indonesianText, reason, type ErrorReason } from '../error-codes.js';
import { fieldReasons, firstReason, indonesianFields, type FieldReasons } from '../errors.js';
import type { MutationEnvelope } from '../envelope.js';
import { safeParseUnchanged } from '../unchanged-input.js';
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
      /** What is wrong as a whole: the first field's reason, or the unknown name. */
      reason: ErrorReason;
      fields?: FieldReasons;
      /** The same in the contract's Indonesian, for logs and old clients. */
      message: string;
      errors?: Record<string, string[]>;
    };

/**
 * Judges one outbox entry against the contract. Never throws: an unknown name or a wrong
 * shape is an answer ('rejected' on the server, a form error on the client), not a crash.
 */
export function checkMutation(envelope: Pick<MutationEnvelope, 'name' | 'args'>): MutationCheck {
  if (!isMutationName(envelope.name)) {
    const unknown = reason('unknown_mutation', { name: envelope.name });
    return {
      ok: false,
      code: 'unknown_mutation',
      reason: unknown,
      message: indonesianText(unknown),
    };
  }
  const result = safeParseUnchanged(MUTATION_ARGS[envelope.name], envelope.args);
  if (!result.success) {
    const fields = fieldReasons(result.error);
    const first = firstReason(fields) ?? reason('invalid');
    return {
      ok: false,
      code: 'validation',
      reason: first,
      fields,
      message: indonesianText(first),
      errors: indonesianFields(fields),
    };
  }
  return { ok: true, mutation: { name: envelope.name, args: result.data } as ParsedMutation };
}
