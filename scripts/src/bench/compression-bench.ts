import { API_COMPRESSION, encodeAnswer, type CompressionPolicy } from '@urs/api';
import { PULL_PAGE_SIZE, type PullResponse } from '@urs/sync-protocol';
import { median, time, type BenchRow } from '../lib/measure.js';
import { fixture, pushAll, pushBodies, type Fixture } from './sync-bench.js';

const REPORTS = 10_000;
/** The target: a first sync's bytes on the wire at most a fifth of the plain JSON's. */
const FIRST_SYNC_SHARE = 0.2;

/** Every page of a first sync as a phone asks for it; the bytes the answers carried. */
async function firstSyncBytes(f: Fixture, acceptEncoding: string | null): Promise<number> {
  let cursor = '';
  let bytes = 0;
  for (let first = true; ; first = false) {
    const skip = first ? '' : '&remaining=skip';
    const headers: Record<string, string> = { authorization: `Bearer ${f.token}` };
    if (acceptEncoding !== null) headers['accept-encoding'] = acceptEncoding;
    const res = await f.app.request(
      `/api/sync/pull?cursor=${cursor}&limit=${PULL_PAGE_SIZE}${skip}`,
      { headers },
    );
    const wire = Buffer.from(await res.arrayBuffer());
    bytes += wire.byteLength;
    const encoding = res.headers.get('content-encoding');
    const text = (encoding === null ? wire : await decode(wire, encoding)).toString('utf8');
    const page = JSON.parse(text) as PullResponse;
    cursor = page.cursor;
    if (!page.has_more) return bytes;
  }
}

async function decode(bytes: Buffer, encoding: string): Promise<Buffer> {
  const zlib = await import('node:zlib');
  return encoding === 'br' ? zlib.brotliDecompressSync(bytes) : zlib.gunzipSync(bytes);
}

const CANDIDATES: { name: string; encoding: 'br' | 'gzip'; policy: CompressionPolicy }[] = [
  ...[1, 6, 9].map((gzipLevel) => ({
    name: `gzip ${gzipLevel}`,
    encoding: 'gzip' as const,
    policy: { ...API_COMPRESSION, gzipLevel },
  })),
  ...[1, 4, 5, 6, 9].map((brotliQuality) => ({
    name: `brotli ${brotliQuality}`,
    encoding: 'br' as const,
    policy: { ...API_COMPRESSION, brotliQuality },
  })),
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * What compressing the API's answers costs and saves. The level rows: one pull page of
 * PULL_PAGE_SIZE changes, each candidate's CPU per page against the time the API takes to
 * answer that page uncompressed (same run), with the bytes each leaves; the row for the chosen
 * levels is marked. The first-sync row: the bytes of a whole first sync of 10,000 reports as a
 * browser receives it (brotli at the chosen level) against the same pages as plain JSON.
 */
export async function compressionBench(rounds: number): Promise<BenchRow[]> {
  const f = await fixture();
  try {
    await pushAll(f, pushBodies(f, REPORTS, 200));
    const pagePath = `/api/sync/pull?cursor=&limit=${PULL_PAGE_SIZE}`;
    const get = () => f.app.request(pagePath, { headers: { authorization: `Bearer ${f.token}` } });
    const page = new Uint8Array(await (await get()).arrayBuffer());
    const reps = rounds * 10;
    const answerTimes: number[] = [];
    for (let i = 0; i < reps; i++) answerTimes.push(await time(async () => (await get()).text()));
    const answerMs = median(answerTimes);

    const rows: BenchRow[] = [];
    for (const c of CANDIDATES) {
      await encodeAnswer(page, c.encoding, c.policy);
      let size = 0;
      const times: number[] = [];
      for (let i = 0; i < reps; i++) {
        times.push(
          await time(async () => {
            size = (await encodeAnswer(page, c.encoding, c.policy)).byteLength;
          }),
        );
      }
      const chosen =
        c.encoding === 'br'
          ? c.policy.brotliQuality === API_COMPRESSION.brotliQuality
          : c.policy.gzipLevel === API_COMPRESSION.gzipLevel;
      rows.push({
        name: `${c.name}${chosen ? ' (chosen)' : ''}: pull page ${kb(page.byteLength)} -> ${kb(size)}`,
        baseline: `the page's answer, uncompressed`,
        ms: median(times),
        baselineMs: answerMs,
      });
    }

    const plain = await firstSyncBytes(f, null);
    const packed = await firstSyncBytes(f, 'gzip, deflate, br');
    rows.push({
      name: `first sync of ${REPORTS.toLocaleString('en')} reports on the wire: ${kb(packed)} (ratio of bytes)`,
      baseline: `plain JSON: ${kb(plain)}`,
      ms: packed,
      baselineMs: plain,
      target: FIRST_SYNC_SHARE,
    });
    return rows;
  } finally {
    await f.server.close();
  }
}
