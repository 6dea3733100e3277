import ky, { type KyInstance } from 'ky';
import { contracts } from './contract-check.js';
import type { CheckResult, ContractName } from './contract-types.js';
import {
  type AllowedImageType,
  type ErrorReason,
  type PullRemaining,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '@urs/sync-protocol';
import { field, numberField, stringField } from '../lib/json-fields.js';
import { errorText, localFieldTexts } from '../lib/error-text.js';
import { fieldReasonsOf, reasonOf } from '../lib/wire-reasons.js';

export type FetchLike = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Where `api/...` lives: '/' in the PWA (same origin), an absolute URL in tests. */
  baseUrl: string;
  /** Read on every request, so a re-login is picked up without rebuilding the client. */
  getToken: () => string | null;
  /** Injectable so tests can route requests to an in-process server. */
  fetch?: FetchLike;
  timeoutMs?: number;
}

/**
 * The server answered with an error status. `message` and `errors` are in the user's language,
 * made from the answer's codes (`code`, `params`, `field_reasons`); an older server's Indonesian
 * texts, or `message` when the code is unknown here, stand in where there is no code.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly reason: ErrorReason | undefined;
  readonly errors: Record<string, string[]> | undefined;
  /** The parsed JSON body, for callers that need more than the common fields (e.g. seq_gap). */
  readonly body: unknown;
  /** How long the server asked us to wait (`Retry-After`, e.g. a 503 while its database restarts). */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, message: string, body: unknown, retryAfterMs?: number) {
    const reason = reasonOf(body);
    super(reason === undefined ? message : errorText(reason, message));
    this.status = status;
    this.body = body;
    this.reason = reason;
    this.code = reason?.code;
    this.retryAfterMs = retryAfterMs;
    const texts = errorsField(body);
    const fields = fieldReasonsOf(field(body, 'field_reasons'));
    this.errors =
      texts === undefined && fields === undefined ? undefined : localFieldTexts(texts, fields);
  }
}

/** No answer at all: offline, DNS, connection reset, or timeout. Always worth retrying later. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super(errorText({ code: 'network_unreachable' }), { cause });
  }

  /** No answer within the request's time (ky's timeout, or the platform's own). */
  get timedOut(): boolean {
    return this.cause instanceof Error && this.cause.name === 'TimeoutError';
  }
}

/**
 * The answer began (its status and headers arrived) and its body broke off: the connection was
 * cut part-way, by the network or by a server that failed after its 200 (an export whose query
 * failed). The server was reached, so this is no "offline"; and nothing partial is kept, so
 * trying again is safe and may well work. The browser names both failures alike ("Failed to
 * fetch"): only where the failure happened tells them apart.
 */
export class InterruptedDownloadError extends Error {
  override readonly name = 'InterruptedDownloadError';

  constructor(cause: unknown) {
    super(errorText({ code: 'download_interrupted' }), { cause });
  }
}

/**
 * The server answered with something this build cannot read: a contract break, not the user's
 * doing. The user reads one sentence in their language; `detail` says what did not fit, for logs.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  readonly detail: string;

  constructor(detail: string, options?: ErrorOptions) {
    super(errorText({ code: 'answer_unrecognised' }), options);
    this.detail = detail;
  }
}

export interface PhotoUploadReceipt {
  id: string;
  sha256: string;
  mime_type: string;
  size_bytes: number;
}

export interface PhotoUpload {
  id: string;
  bytes: ArrayBuffer;
  mime_type: AllowedImageType;
  sha256: string;
}

export interface BinaryAnswer {
  bytes: ArrayBuffer;
  mime_type: string;
  /** The Content-Disposition header (a download's file name), when the server sent one. */
  disposition: string | null;
}

export interface ApiClient {
  /** JSON request to any API path (without a leading slash, e.g. 'api/user'). */
  json(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<unknown>;
  /**
   * A multipart form POSTed to any API path (a public poster's problem with its photo); the JSON
   * answer. `timeoutMs`: for the whole request, in place of the client's own timeout.
   */
  postForm(path: string, body: FormData, timeoutMs?: number): Promise<unknown>;
  /** `timeoutMs`: for the whole push, in place of the client's own timeout (a large batch). */
  push(request: PushRequest, timeoutMs?: number): Promise<PushResponse>;
  /**
   * One pull page; `remaining: 'skip'` asks the server not to count what is left after it
   * (sync-protocol's PULL_REMAINING), for the pages after the first of a run.
   */
  pull(cursor: string, limit: number, remaining?: PullRemaining): Promise<PullResponse>;
  /** `timeoutMs`: for the whole upload, in place of the client's own timeout. */
  putPhoto(photo: PhotoUpload, timeoutMs?: number): Promise<PhotoUploadReceipt>;
  getPhoto(id: string): Promise<BinaryAnswer>;
  /** Any binary API answer, e.g. 'api/inventory/requests/<id>/image' or an Excel export. */
  getBytes(path: string): Promise<BinaryAnswer>;
}

/** How long a request may take, unless its caller says otherwise (a photo's upload does). */
export const DEFAULT_TIMEOUT_MS = 30_000;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const http: KyInstance = ky.create({
    prefixUrl: options.baseUrl,
    ...(options.fetch && { fetch: options.fetch }),
    // The sync engine owns retries (with backoff and jitter); ky's own would double them.
    retry: 0,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    throwHttpErrors: false,
    hooks: {
      beforeRequest: [
        (request) => {
          const token = options.getToken();
          if (token !== null && token !== '')
            request.headers.set('Authorization', `Bearer ${token}`);
          request.headers.set('Accept', 'application/json');
        },
      ],
    },
  });

  async function send(run: () => Promise<Response>): Promise<Response> {
    let response: Response;
    try {
      response = await run();
    } catch (err) {
      throw new NetworkError(err);
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  }

  async function readJson(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (err) {
      throw new UnexpectedResponseError('answer is not JSON', { cause: err });
    }
  }

  /** The body's text, read here and checked against the contract off the main thread. */
  async function checked<N extends ContractName>(name: N, response: Response) {
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      throw new UnexpectedResponseError('answer is not JSON', { cause: err });
    }
    const result: CheckResult<N> = await contracts.check({ name, text });
    if (result.ok) return result.value;
    throw new UnexpectedResponseError(
      result.problem === 'not_json' ? 'answer is not JSON' : `${name} answer breaks the contract`,
    );
  }

  async function getBytes(path: string): Promise<BinaryAnswer> {
    const response = await send(() => http.get(path));
    let bytes: ArrayBuffer;
    try {
      bytes = await response.arrayBuffer();
    } catch (err) {
      throw new InterruptedDownloadError(err);
    }
    return {
      bytes,
      mime_type: response.headers.get('Content-Type') ?? 'application/octet-stream',
      disposition: response.headers.get('Content-Disposition'),
    };
  }

  return {
    async json(method, path, body) {
      const response = await send(() =>
        http(path, { method, ...(body !== undefined && { json: body }) }),
      );
      if (response.status === 204) return null;
      return readJson(response);
    },

    async postForm(path, body, timeoutMs) {
      // No Content-Type of our own: fetch writes multipart's with its boundary.
      const response = await send(() =>
        http.post(path, { body, ...(timeoutMs !== undefined && { timeout: timeoutMs }) }),
      );
      return readJson(response);
    },

    async push(request, timeoutMs) {
      const response = await send(() =>
        http.post('api/sync/push', {
          json: request,
          ...(timeoutMs !== undefined && { timeout: timeoutMs }),
        }),
      );
      return checked('push', response);
    },

    async pull(cursor, limit, remaining = 'count') {
      // Counting is the server's default: only a skip is spelled out.
      const searchParams = remaining === 'skip' ? { cursor, limit, remaining } : { cursor, limit };
      const response = await send(() => http.get('api/sync/pull', { searchParams }));
      return checked('pull', response);
    },

    async putPhoto(photo, timeoutMs) {
      const response = await send(() =>
        http.put(`api/photos/${encodeURIComponent(photo.id)}`, {
          body: photo.bytes,
          ...(timeoutMs !== undefined && { timeout: timeoutMs }),
          headers: { 'Content-Type': photo.mime_type, 'X-Content-SHA256': photo.sha256 },
        }),
      );
      const receipt = toReceipt(await readJson(response));
      if (receipt === undefined) {
        throw new UnexpectedResponseError('photo upload answer breaks the contract');
      }
      return receipt;
    },

    getPhoto: (id) => getBytes(`api/photos/${encodeURIComponent(id)}`),
    getBytes,
  };
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page or an empty body: fall back to a message by status.
  }
  return new ApiError(
    response.status,
    stringField(body, 'message') ?? statusMessage(response.status),
    body,
    retryAfterMs(response.headers.get('retry-after'), Date.now()),
  );
}

/** `Retry-After` as seconds or as an HTTP date (RFC 9110 10.2.3); undefined if absent or unreadable. */
export function retryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

const STATUS_CODES: Record<number, string> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  413: 'too_large',
  415: 'image_type_unsupported',
  422: 'invalid',
};

/** A body without a message (a proxy's error page): the text of the status's usual code. */
export function statusMessage(status: number): string {
  return errorText({ code: STATUS_CODES[status] ?? 'server_error' });
}

function toReceipt(body: unknown): PhotoUploadReceipt | undefined {
  const id = stringField(body, 'id');
  const sha256 = stringField(body, 'sha256');
  const mime_type = stringField(body, 'mime_type');
  const size_bytes = numberField(body, 'size_bytes');
  if (id === undefined || sha256 === undefined || mime_type === undefined) return undefined;
  if (size_bytes === undefined) return undefined;
  return { id, sha256, mime_type, size_bytes };
}

function errorsField(body: unknown): Record<string, string[]> | undefined {
  const value = field(body, 'errors');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string[]> = {};
  for (const name of Object.keys(value)) {
    const messages = field(value, name);
    if (Array.isArray(messages)) {
      out[name] = messages.filter((m): m is string => typeof m === 'string');
    }
  }
  return out;
}
