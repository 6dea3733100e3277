import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  fieldReasons,
  firstReason,
  indonesianFields,
  indonesianText,
  reason,
  safeParseUnchanged,
  type ErrorReason,
  type FieldReasons,
} from '@urs/sync-protocol';
import type { z } from 'zod';

/**
 * A refusal the client should see with this status: `{ message, code, params, errors?,
 * field_reasons? }`, the Indonesian texts beside the codes they were made from.
 */
export class HttpError extends Error {
  readonly errors?: Record<string, string[]>;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly reason: ErrorReason,
    readonly fields?: FieldReasons,
    readonly headers?: Record<string, string>,
  ) {
    super(indonesianText(reason));
    if (fields !== undefined) this.errors = indonesianFields(fields);
  }
}

export const unauthenticated = () => new HttpError(401, reason('unauthenticated'));
export const forbidden = (why: ErrorReason = reason('forbidden')) => new HttpError(403, why);
export const notFound = (why: ErrorReason = reason('not_found')) => new HttpError(404, why);
export const conflict = (why: ErrorReason) => new HttpError(409, why);

/** One field refused for one reason. */
export const fieldRefusal = (field: string, why: ErrorReason): FieldReasons => ({ [field]: [why] });

export function validationError(fields: FieldReasons, why?: ErrorReason): HttpError {
  return new HttpError(422, why ?? firstReason(fields) ?? reason('invalid'), fields);
}

/**
 * Parses with a shared schema; a failure becomes a 422 with per-field reasons. Input that is
 * already exactly what the schema returns comes back as it is (see safeParseUnchanged).
 */
export function parseOr422<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = safeParseUnchanged(schema, input);
  if (!result.success) throw validationError(fieldReasons(result.error));
  return result.data;
}
