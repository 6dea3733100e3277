import { ApiError } from './api-client.js';
import { stringField } from '../lib/json-fields.js';

/**
 * What the server itself said, in the user's language (by its code; its own `message` for a code
 * unknown here), not a fallback made up from the status code.
 */
export function serverMessage(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  if (err.reason !== undefined) return err.message;
  const message = stringField(err.body, 'message');
  return message !== '' ? message : undefined;
}

export interface FormFailure {
  /** Per-field messages from the server's `errors` object; empty when it sent none. */
  fields: Record<string, string[]>;
  /** Shown above the form when there are no field messages. */
  message: string | null;
}

/**
 * The spec's form error pattern (section 8): the server's `errors` object when present, else
 * its `message`, else the screen's default text.
 */
export function formFailure(err: unknown, fallback: string): FormFailure {
  if (err instanceof ApiError && err.errors !== undefined && Object.keys(err.errors).length > 0) {
    return { fields: err.errors, message: null };
  }
  const local = err instanceof Error && !(err instanceof ApiError) ? localMessage(err) : undefined;
  return { fields: {}, message: serverMessage(err) ?? local ?? fallback };
}

/** Our own errors that the user can act on (offline, missing token) keep their text. */
function localMessage(err: Error): string | undefined {
  return err.name === 'NetworkError' || err.message === 'Token tidak ditemukan di response'
    ? err.message
    : undefined;
}
