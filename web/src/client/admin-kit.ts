import { fieldReasons, type PageMeta, type z } from '@urs/sync-protocol';
import { fieldTexts } from '../lib/error-text.js';
import {
  ApiError,
  InterruptedDownloadError,
  NetworkError,
  UnexpectedResponseError,
} from './api-client.js';
import { serverMessage } from './server-errors.js';
import { field, numberField } from '../lib/json-fields.js';

/** The admin screens' list parameters; blank or absent values are left out of the query. */
export type ListParams = Record<string, string | number | boolean | null | undefined>;

/** `?q=..&page=..`: trims text, drops blanks, keeps a stable order (the object's). */
export function buildQuery(params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    if (raw === undefined || raw === null) continue;
    const value = typeof raw === 'string' ? raw.trim() : String(raw);
    if (value === '') continue;
    search.set(key, value);
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export interface PagedAnswer<T> {
  data: T[];
  meta: PageMeta;
}

/** Checks the `{ data, meta }` envelope of a list answer and parses each row with `schema`. */
export function parsePaged<T>(body: unknown, schema: z.ZodType<T>): PagedAnswer<T> {
  if (typeof body !== 'object' || body === null)
    throw new UnexpectedResponseError('list answer is not an object');
  const data = field(body, 'data');
  const meta = field(body, 'meta');
  if (!Array.isArray(data) || typeof meta !== 'object' || meta === null) {
    throw new UnexpectedResponseError('list answer has no rows');
  }
  const number = (key: string, fallback: number) => {
    const value = numberField(meta, key);
    return value !== undefined && Number.isFinite(value) ? value : fallback;
  };
  const rows = data.map((row) => schema.parse(row));
  return {
    data: rows,
    meta: {
      page: number('page', 1),
      per_page: number('per_page', rows.length),
      total: number('total', rows.length),
      last_page: Math.max(1, number('last_page', 1)),
    },
  };
}

/** The `data` of a single-record answer. */
export function parseOne<T>(body: unknown, schema: z.ZodType<T>): T {
  return schema.parse(field(body, 'data'));
}

/** Client-side validation with the server's own schema: the payload, or errors per field. */
export type Checked<T> = { ok: true; payload: T } | { ok: false; errors: Record<string, string[]> };

export function check<T>(schema: z.ZodType<T>, input: unknown): Checked<T> {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, payload: parsed.data }
    : { ok: false, errors: fieldTexts(fieldReasons(parsed.error)) };
}

/** True when a failure means "no connection" rather than a refusal by the server. */
export function isNetworkFailure(err: unknown, online: boolean): boolean {
  return !online || err instanceof NetworkError;
}

/**
 * What a failed request should tell the admin: offline text when the network is the problem,
 * that a download was cut off (and to try again) when it began and broke off, else the server's
 * own message, else the screen's fallback.
 */
export function failureText(
  err: unknown,
  fallback: string,
  offlineText: string,
  online: boolean,
): string {
  if (isNetworkFailure(err, online)) return offlineText;
  if (err instanceof InterruptedDownloadError) return err.message;
  return serverMessage(err) ?? fallback;
}

/** Per-field server errors (422), if the answer carried them. */
export function serverFieldErrors(err: unknown): Record<string, string[]> {
  if (err instanceof ApiError && err.errors !== undefined) return err.errors;
  return {};
}
