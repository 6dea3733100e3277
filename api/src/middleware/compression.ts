import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type AnswerEncoding = 'br' | 'gzip';

export interface CompressionPolicy {
  /** Answers shorter than this go as they are: a poll's few bytes gain nothing. */
  thresholdBytes: number;
  brotliQuality: number;
  gzipLevel: number;
}

/**
 * Chosen by measurement (`BENCH_CASES=compression npm run bench`; docs/performance-log.md,
 * 2026-12-02): a pull page of 500 changes (501 KB) is 15.2 KB in brotli 5 at 2.8 ms, against
 * 17.4 KB at 2.5 ms in brotli 4 and the same 15.2 KB at 3.0 ms in brotli 6 (brotli 9: 650 ms);
 * gzip 6 leaves 19.6 KB at 2.1 ms, and gzip 9 saves 4 % more for twice the CPU. The page itself
 * takes about 41 ms to answer. Below 1 KiB the headers and the work outweigh what is saved.
 */
export const API_COMPRESSION: CompressionPolicy = {
  thresholdBytes: 1024,
  brotliQuality: 5,
  gzipLevel: 6,
};

/**
 * The encoding to answer in, from the request's Accept-Encoding: brotli before gzip, each only
 * when the client accepts it with a non-zero quality (`*` stands for any not named).
 */
export function pickEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (acceptEncoding === undefined || acceptEncoding === '') return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: AnswerEncoding) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

export function encode(
  bytes: Uint8Array,
  encoding: AnswerEncoding,
  policy: CompressionPolicy,
): Promise<Uint8Array<ArrayBuffer>> {
  return encoding === 'br'
    ? brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: policy.brotliQuality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      })
    : gzip(bytes, { level: policy.gzipLevel });
}

/**
 * The answers that grow with the school's data: pull pages and push results, report and user
 * lists, analytics, inventory and the reference lists. The polls (unread count, health) are not
 * here: their answers are a few bytes, and reading one back to measure it would cost each poll
 * the node server's fast path for a string body.
 */
export const COMPRESSED_PATHS = [
  '/api/sync/*',
  '/api/reports',
  '/api/reports/*',
  '/api/analytics',
  '/api/inventory/*',
  '/api/users',
  '/api/users/*',
  '/api/areas',
  '/api/categories',
] as const;

/**
 * Compresses JSON answers for a client that accepts it, as the static files are, with
 * `Vary: Accept-Encoding` on every JSON answer so a cache in between keeps the variants apart.
 * Streams (exports, photos, images) and answers already encoded pass untouched; an answer under
 * the threshold goes as it was. Compression runs on libuv's thread pool, off the event loop.
 */
export function compressAnswers(policy: CompressionPolicy = API_COMPRESSION): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    if (!/^application\/json\b/i.test(type) || c.res.headers.has('Content-Encoding')) return;
    c.res.headers.append('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    if (encoding === null) return;
    const res = c.res;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let body: Uint8Array<ArrayBuffer> = bytes;
    if (bytes.byteLength >= policy.thresholdBytes) {
      body = await encode(bytes, encoding, policy);
      headers.set('Content-Encoding', encoding);
    }
    headers.set('Content-Length', String(body.byteLength));
    // Replaced whole: Hono's setter would copy the old answer's headers over these.
    c.res = undefined;
    c.res = new Response(body, { status: res.status, headers });
  };
}
