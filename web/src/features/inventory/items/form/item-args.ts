import {
  checkMutation,
  type MutationArgs,
  type MutationName,
  type ParsedMutationArgs,
} from '@urs/sync-protocol';
import { refusalTexts } from '../../../../lib/error-text.js';

export type FieldErrors = Record<string, string[]>;
export type Checked<N extends MutationName> =
  { ok: true; args: ParsedMutationArgs<N> } | { ok: false; errors: FieldErrors };

/** The contract's verdict on a mutation's args: the normalised args, or errors per field. */
export function checkArgs<N extends MutationName>(name: N, args: MutationArgs<N>): Checked<N> {
  const check = checkMutation({ name, args });
  if (!check.ok) {
    return { ok: false, errors: refusalTexts(check.fields, check.reason) };
  }
  // checkMutation parsed with MUTATION_ARGS[name], so the args are this mutation's.
  return { ok: true, args: check.mutation.args as ParsedMutationArgs<N> };
}

/** The messages not tied to one of the form's fields, for the line above the form. */
export function otherErrors(errors: FieldErrors, fields: readonly string[]): string | null {
  const rest = Object.entries(errors)
    .filter(([field]) => !fields.includes(field))
    .flatMap(([, messages]) => messages);
  return rest.length > 0 ? rest.join(' ') : null;
}
