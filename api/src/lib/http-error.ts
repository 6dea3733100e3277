import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_MESSAGES, fieldErrors } from '@urs/sync-protocol';
import type { z } from 'zod';

/** A refusal the client should see as `{ message, errors? }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, ERROR_MESSAGES.unauthenticated);
export const forbidden = (message: string = ERROR_MESSAGES.forbidden) =>
  new HttpError(403, message);
export const notFound = (message: string = ERROR_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export function validationError(errors: Record<string, string[]>, message?: string): HttpError {
  const first = Object.values(errors)[0]?.[0];
  return new HttpError(422, message ?? first ?? ERROR_MESSAGES.validation, errors);
}

/** Parses with a shared schema; a failure becomes a 422 with per-field messages. */
export function parseOr422<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(fieldErrors(result.error));
  return result.data;
}
