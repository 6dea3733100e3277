import type { z } from './zod.js';
import {
  indonesianText,
  isErrorCode,
  placeholdersOf,
  type ErrorParamValue,
  type ErrorReason,
} from './error-codes.js';

/**
 * Every error body the API answers. `message` (and `errors`, keyed by field) are the Indonesian
 * texts old clients show; `code`, `params` and `field_reasons` say the same by code, for a
 * client that shows them in the user's language.
 */
export interface ApiErrorBody {
  message: string;
  code?: string;
  params?: Record<string, ErrorParamValue>;
  errors?: Record<string, string[]>;
  field_reasons?: Record<string, ErrorReason[]>;
}

/** Per field, the reasons a value was refused. */
export type FieldReasons = Record<string, ErrorReason[]>;

/**
 * The reason of one zod issue. The contract's schemas give each check an error code as its
 * message; the bounds the text needs ({max}, {min}) come from the issue itself, and a custom
 * issue carries its own params. A check without a code (a bare `z.string()`) reads 'invalid'.
 */
export function issueReason(issue: z.core.$ZodIssue): ErrorReason {
  if (!isErrorCode(issue.message)) return { code: 'invalid' };
  const code = issue.message;
  const found: Record<string, ErrorParamValue> = {};
  if (issue.code === 'too_big') found['max'] = Number(issue.maximum);
  if (issue.code === 'too_small') found['min'] = Number(issue.minimum);
  if (issue.code === 'custom' && issue.params !== undefined) {
    for (const [name, value] of Object.entries(issue.params)) {
      if (typeof value === 'string' || typeof value === 'number') found[name] = value;
    }
  }
  const names = placeholdersOf(code);
  if (names.length === 0) return { code };
  return { code, params: Object.fromEntries(names.map((name) => [name, found[name] ?? ''])) };
}

/** Nested paths are joined with dots; issues without a path go under `_`. */
const keyOf = (issue: z.core.$ZodIssue) =>
  issue.path.length > 0 ? issue.path.map(String).join('.') : '_';

/** A zod error's reasons per field, in the order zod found them. */
export function fieldReasons(error: z.ZodError): FieldReasons {
  const out: FieldReasons = {};
  for (const issue of error.issues) (out[keyOf(issue)] ??= []).push(issueReason(issue));
  return out;
}

/** Field reasons as the Indonesian `errors` object old clients show. */
export function indonesianFields(reasons: FieldReasons): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(reasons).map(([key, list]) => [key, list.map(indonesianText)]),
  );
}

/** Turns a zod error into the Indonesian `errors` object, keyed by field. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  return indonesianFields(fieldReasons(error));
}

/** The first reason of the first field: what a one-line answer says. */
export function firstReason(reasons: FieldReasons): ErrorReason | undefined {
  return Object.values(reasons)[0]?.[0];
}
