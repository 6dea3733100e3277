import type { Dispatcher } from 'undici';
import type { FaultClock } from './faults.js';
import type { LoadStats } from './stats.js';

/** A failed request: the cycle that made it stops there, as the real sync engine's does. */
export class CycleFailed extends Error {
  constructor(readonly retryAfterMs: number) {
    super('cycle failed');
  }
}

export interface Call {
  endpoint: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  token: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * One request through the proxy, timed under its endpoint. One that overlaps an injected fault
 * is timed under a row of its own, and its failure is the fault's; any other failure is
 * counted by kind in `stats`. Answers the body's text on 200/201, else throws CycleFailed
 * (with the Retry-After asked, in ms).
 */
export async function timedRequest(
  http: Dispatcher,
  faults: FaultClock,
  stats: LoadStats,
  call: Call,
): Promise<string> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token !== '') headers['authorization'] = `Bearer ${call.token}`;
  const raw = call.body instanceof Uint8Array;
  if (call.body !== undefined && !raw) headers['content-type'] = 'application/json';
  const started = performance.now();
  const startedAt = Date.now();
  const failed = (kind: string, retryAfterMs: number) => {
    const fault = faults.during(call.endpoint, startedAt, Date.now(), kind);
    if (fault === undefined) stats.fail(kind);
    else fault.fail(kind);
    return new CycleFailed(retryAfterMs);
  };
  let res: Dispatcher.ResponseData;
  let text: string;
  try {
    res = await http.request({
      origin: 'http://127.0.0.1',
      path: call.path,
      method: call.method,
      headers,
      body:
        call.body === undefined
          ? null
          : call.body instanceof Uint8Array
            ? call.body
            : JSON.stringify(call.body),
    });
    text = await res.body.text();
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as Error).message;
    throw failed(`${call.endpoint} ${code}`, 0);
  }
  const fault = faults.during(call.endpoint, startedAt, Date.now());
  const ms = performance.now() - started;
  stats.record(fault === undefined ? call.endpoint : `${call.endpoint} (during a fault)`, ms);
  if (res.statusCode === 200 || res.statusCode === 201) return text;
  let code: string;
  try {
    code = (JSON.parse(text) as { code?: string }).code ?? '';
  } catch {
    code = 'unreadable';
  }
  const retryAfter = Number(res.headers['retry-after'] ?? NaN);
  throw failed(
    `${call.endpoint} ${res.statusCode} ${code}`.trim(),
    Number.isFinite(retryAfter) ? retryAfter * 1000 : 0,
  );
}
